import fs from 'node:fs';
import path from 'node:path';

/**
 * The test files whose outcome cannot depend on the run's storage: neither the file nor any module
 * of test/ it imports reads the run's database or Redis (`inject('databaseUrl')`, DATABASE_URL,
 * REDIS_URL), the process environment, or starts a process (which would inherit it). Modules of
 * src/ never read the run's storage on their own: a test hands them their configuration.
 *
 * .ci/run's second pass (PostgreSQL + Redis) leaves these out, as the guide allows: the first pass
 * has already run them, and on real storage they would run the same code on the same inputs.
 */
const NAMES_STORAGE = /inject\('(databaseUrl|redisUrl)'\)|DATABASE_URL|REDIS_URL|process\.env\b|child_process/;
/**
 * A file that starts processes which never read storage (tsc, npm pack, an example receiver)
 * says so on a line of its own, with why: `// storage-free: <why>`. That waives the process and
 * environment conditions only: a file (or a module of test/ it imports) that names the run's
 * database or Redis is never storage-free.
 */
const DECLARED_FREE = /^\/\/ storage-free: \S/m;
const NAMES_RUN_STORAGE = /inject\('(databaseUrl|redisUrl)'\)|DATABASE_URL|REDIS_URL/;
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

function namesStorage(file: string, testRoot: string, seen: Set<string>): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  if ((DECLARED_FREE.test(text) ? NAMES_RUN_STORAGE : NAMES_STORAGE).test(text)) return true;
  for (const [, specifier] of text.matchAll(RELATIVE_IMPORT)) {
    const target = path.resolve(path.dirname(file), specifier!).replace(/\.js$/, '.ts');
    if (target.startsWith(testRoot) && namesStorage(target, testRoot, seen)) return true;
  }
  return false;
}

/** Of `files` (paths relative to `root`), those that do not depend on the run's storage. */
export function storageFreeTests(root: string, files: readonly string[]): string[] {
  const testRoot = path.join(root, 'test') + path.sep;
  return files.filter((file) => !namesStorage(path.join(root, file), testRoot, new Set()));
}
