#!/usr/bin/env node
// Runs the CLI from the compiled dist/. When dist/ is missing or older than the sources (nothing
// under src/ newer than dist/cli.js, the same migrations), it is compiled first
// (bin/compile-sources.js, about a second), so `npm start` straight after `npm install` runs
// compiled code, and an edit is never hidden behind an older build. FLIGHTAGG_FROM_SOURCE=1 runs
// the sources through tsx's loader instead (TypeScript line numbers in stack traces, 36-67 MB more
// memory), as does a tree esbuild cannot write into. `--version` and `--help` are answered before
// any of it, without the gateway's modules (bin/quick-answers.js).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compiledIsCurrent, compileSources } from './compile-sources.js';
import { answerQuickly } from './quick-answers.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const compiledEntry = path.join(root, 'dist', 'cli.js');

/** dist/ made current if it is not; false when it cannot be (a read-only tree, say). */
async function compiled() {
  if (compiledIsCurrent(root)) return true;
  try {
    await compileSources(root);
    return true;
  } catch (err) {
    process.stderr.write(`flightagg: could not compile src/ into dist/ (${err.message}); running the sources through tsx\n`);
    return false;
  }
}

if (await answerQuickly(process.argv.slice(2))) {
  // Answered from package.json and the command table.
} else if (process.env.FLIGHTAGG_FROM_SOURCE !== '1' && (await compiled())) {
  await import(pathToFileURL(compiledEntry).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli.ts');
}
