import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_AUTH_KINDS } from '../../src/platform/http/route-policy.js';
import { blockCount, FACT_FILES, ROOT, staleFactFiles } from '../../tools/docs/code-facts.js';

/** Every Markdown file a reader is pointed at: the README, docs/, bench/README.md, the packages' READMEs. */
function markdownFiles(): string[] {
  const docs = fs
    .readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file.split(path.sep).join('/')}`);
  const packages = fs
    .readdirSync(path.join(ROOT, 'packages'))
    .map((name) => `packages/${name}/README.md`)
    .filter((file) => fs.existsSync(path.join(ROOT, file)));
  return ['README.md', 'bench/README.md', ...docs, ...packages];
}

const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'coverage']);

/** Every file and folder of the repository (folders with a trailing slash), relative to the root. */
function repositoryPaths(): Set<string> {
  const paths = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      if (SKIPPED_DIRS.has(entry.name)) continue;
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        paths.add(`${rel}/`);
        walk(rel);
      } else paths.add(rel);
    }
  };
  walk('');
  return paths;
}

// Files the build writes (npm install, npm test): named in the docs, never in the repository.
const GENERATED = ['dist/', 'dashboard/dist/', 'dashboard/src/api/schema.ts'];
// A path in backticks that names a file (by its extension) or a folder (by its trailing slash).
const CODE_PATH = /`((?:\.{1,2}\/)*[A-Za-z0-9_.@-]+(?:\/[A-Za-z0-9_.@-]+)*\/?)`/g;
const FILE_LIKE = /\.(ts|tsx|js|mjs|cjs|json|md|sql|yaml|yml|sh|cfg|html|css)$|\/$/;
// Paths under these are named from the repository root and must exist exactly there.
const ROOTED = /^(src|test|docs|bench|tools|packages|dashboard|deploy|bin|\.ci)\//;
const LINK = /\]\(([^)#\s]+)(?:#[^)]*)?\)/g;

describe('the docs map (docs/, README.md)', () => {
  const paths = repositoryPaths();
  const exists = (p: string) => paths.has(p) || paths.has(`${p}/`) || GENERATED.includes(p);

  it('names only repository paths that exist', () => {
    const missing: string[] = [];
    for (const file of markdownFiles()) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      for (const [, named] of text.matchAll(CODE_PATH)) {
        const p = named!;
        if (!p.includes('/') || !FILE_LIKE.test(p) || p.startsWith('/') || p.includes('shared/')) continue;
        const fromDoc = path.posix.normalize(path.posix.join(path.posix.dirname(file), p));
        if (ROOTED.test(p)) {
          if (!exists(p) && !exists(fromDoc)) missing.push(`${file}: ${p}`);
          continue;
        }
        // A path named inside a folder the text is describing (`orders/booking-record.ts` in the
        // test system's doc): some repository path ends with it.
        const tail = p.replace(/^(\.\.?\/)+/, '');
        if (!exists(fromDoc) && !exists(tail) && ![...paths].some((q) => q.endsWith(`/${tail}`) || q === tail))
          missing.push(`${file}: ${p}`);
      }
      for (const [, target] of text.matchAll(LINK)) {
        const t = target!;
        if (/^[a-z]+:/.test(t) || t.startsWith('/')) continue;
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), t));
        if (!exists(resolved) && !resolved.startsWith('../')) missing.push(`${file}: link ${t}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('carries the lists that are facts of the code as generated, current blocks (`npm run docs:facts`)', () => {
    for (const file of FACT_FILES) expect(blockCount(fs.readFileSync(path.join(ROOT, file), 'utf8')), file).toBeGreaterThan(0);
    expect(
      staleFactFiles().map((f) => f.file),
      'run npm run docs:facts',
    ).toEqual([]);
  });

  it("gives every route authentication kind a row in docs/route-policy.md's table", () => {
    const text = fs.readFileSync(path.join(ROOT, 'docs/route-policy.md'), 'utf8');
    for (const kind of ROUTE_AUTH_KINDS) expect(text, kind).toContain(`| \`${kind}\` |`);
  });
});
