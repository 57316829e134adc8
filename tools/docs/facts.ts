import fs from 'node:fs';
import path from 'node:path';
import { ROOT, staleFactFiles } from './code-facts.js';

/** `npm run docs:facts`: rewrites the lists in the docs that are facts of the code. */
for (const { file, expected } of staleFactFiles()) {
  fs.writeFileSync(path.join(ROOT, file), expected);
  process.stdout.write(`updated ${file}\n`);
}
