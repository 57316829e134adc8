// Compiles the gateway's TypeScript sources (src/) into dist/ with esbuild, file by file, as
// `npm run build` lays them out, and copies the migrations beside them. Types are not checked
// (`npm run check` does that); the sources are written for file-by-file compilation
// (isolatedModules, verbatimModuleSyntax), as tsx and the test suite already run them.
//
// bin/flightagg.js calls it when dist/ is older than the sources, so `npm start` on a fresh clone
// runs compiled code in one thread: tsx's loader keeps a compiler and a second JavaScript thread
// in the gateway's process for its whole life (36-67 MB of RSS). About a second for the whole tree.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The compiler options that change what esbuild emits, from tsconfig.json. */
function emitOptions(root) {
  const { compilerOptions } = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.json'), 'utf8'));
  return { target: compilerOptions.target, verbatimModuleSyntax: compilerOptions.verbatimModuleSyntax };
}

function sourcesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(at);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.test.ts') ? [at] : [];
  });
}

// Another process may be starting from dist/ while this one compiles (a test starting several
// CLI processes at once): each file is written beside its place and renamed over it, so a reader
// finds the old file or the new one, never half of one.
function writeWhole(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, text);
  fs.renameSync(partial, file);
}

/** The migrations as src/ has them: copied, and any dist/ holds that src/ no longer does removed. */
function copyMigrations(from, to) {
  fs.mkdirSync(to, { recursive: true });
  const wanted = new Set(fs.readdirSync(from));
  for (const name of fs.readdirSync(to)) if (!wanted.has(name)) fs.rmSync(path.join(to, name), { recursive: true });
  for (const name of wanted) writeWhole(path.join(to, name), fs.readFileSync(path.join(from, name)));
}

function newerThan(dir, builtAt) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory() ? newerThan(at, builtAt) : fs.statSync(at).mtimeMs > builtAt) return true;
  }
  return false;
}

/** Whether dist/ was built from the sources as they are: nothing under src/ newer than dist/cli.js, the same migrations. */
export function compiledIsCurrent(root) {
  const migrations = (base) => path.join(root, base, 'platform', 'db', 'migrations');
  try {
    const builtAt = fs.statSync(path.join(root, 'dist', 'cli.js')).mtimeMs;
    // The build copies the migrations after compiling; a build stopped between the two has none.
    const listed = (base) => fs.readdirSync(migrations(base)).sort().join('\n');
    return listed('dist') === listed('src') && !newerThan(path.join(root, 'src'), builtAt);
  } catch {
    return false;
  }
}

/** Compiles src/ into dist/; dist/cli.js, which bin/flightagg.js dates the build by, is written last. */
export async function compileSources(root) {
  const { transform } = await import('esbuild');
  const src = path.join(root, 'src');
  const dist = path.join(root, 'dist');
  const tsconfigRaw = { compilerOptions: emitOptions(root) };
  const compiled = await Promise.all(
    sourcesUnder(src).map(async (file) => {
      const { code } = await transform(fs.readFileSync(file, 'utf8'), {
        loader: 'ts',
        format: 'esm',
        target: 'node20',
        sourcefile: path.relative(root, file),
        tsconfigRaw,
      });
      return { to: path.join(dist, path.relative(src, file)).replace(/\.ts$/, '.js'), code };
    }),
  );
  const entry = path.join(dist, 'cli.js');
  for (const { to, code } of compiled) if (to !== entry) writeWhole(to, code);
  copyMigrations(path.join(src, 'platform/db/migrations'), path.join(dist, 'platform/db/migrations'));
  writeWhole(entry, compiled.find(({ to }) => to === entry).code);
}

/** A module of the compiled gateway (`app.js`, `platform/config.js`, ...), dist/ compiled first if stale: for benches' plain-node children. */
export async function importCompiled(root, file) {
  if (!compiledIsCurrent(root)) await compileSources(root);
  return import(pathToFileURL(path.join(root, 'dist', file)).href);
}
