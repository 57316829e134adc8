#!/usr/bin/env node
// Runs the CLI from the compiled dist/ when `npm run build` made it from the sources as they are
// now (nothing under src/ newer, the same migrations): tsx compiling every module at start costs
// the gateway tens of MB of memory (bench/results/2026-11-26.md). Otherwise
// through tsx's loader, so `npm start` and `npx flightagg` work straight after `npm install` with
// no build step in between, and an edit is never hidden behind an older build.
// FLIGHTAGG_FROM_SOURCE=1 always runs the sources. `--version` and `--help` are answered before
// either, without the gateway's modules (bin/quick-answers.js).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { answerQuickly } from './quick-answers.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const compiled = path.join(root, 'dist', 'cli.js');
const migrations = (base) => path.join(root, base, 'platform', 'db', 'migrations');

function newerThan(dir, builtAt) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory() ? newerThan(at, builtAt) : fs.statSync(at).mtimeMs > builtAt) return true;
  }
  return false;
}

function compiledIsCurrent() {
  if (process.env.FLIGHTAGG_FROM_SOURCE === '1') return false;
  try {
    const builtAt = fs.statSync(compiled).mtimeMs;
    // The build copies the migrations after compiling; a build stopped between the two has none.
    const listed = (base) => fs.readdirSync(migrations(base)).sort().join('\n');
    return listed('dist') === listed('src') && !newerThan(path.join(root, 'src'), builtAt);
  } catch {
    return false;
  }
}

if (await answerQuickly(process.argv.slice(2))) {
  // Answered from package.json and the command table.
} else if (compiledIsCurrent()) {
  await import(pathToFileURL(compiled).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli.ts');
}
