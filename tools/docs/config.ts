import fs from 'node:fs';
import path from 'node:path';
import { ROOT, staleFiles } from './config-reference.js';

/** `npm run docs:config`: rewrites the configuration reference wherever a file carries one. */
for (const { file, expected } of staleFiles()) {
  fs.writeFileSync(path.join(ROOT, file), expected);
  process.stdout.write(`updated ${file}\n`);
}
