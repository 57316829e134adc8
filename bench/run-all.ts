/** `npm run bench`: every bench script in this folder, one after another, each in its own process. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
// Modules the benches start or import, not benches themselves.
const HELPERS = new Set(['run-all.ts', 'shopping-lib.ts']);
const only = process.argv[2];
const scripts = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !HELPERS.has(f) && (!only || f.includes(only)))
  .sort();

let failed = 0;
for (const script of scripts) {
  process.stdout.write(`\n=== bench/${script}\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, script)], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
