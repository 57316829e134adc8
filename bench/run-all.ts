/**
 * `npm run bench`: every bench script in this folder, one after another, each in its own process;
 * then issue 49's targets in one table (lib/targets.ts): each with its median, spread and verdict
 * as its bench reported it, or "not run" and why.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAverage } from './lib/busy-neighbour.js';
import { printTable } from './lib/load.js';
import { targetsSummary, type TargetResult } from './lib/targets.js';

const dir = path.dirname(fileURLToPath(import.meta.url));
// Modules the benches start or import, not benches themselves.
const HELPERS = new Set(['run-all.ts', 'shopping-lib.ts']);
const only = process.argv[2];
const scripts = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !HELPERS.has(f) && (!only || f.includes(only)))
  .sort();

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-bench-targets-'));
const targetsFile = path.join(scratch, 'targets.jsonl');
fs.writeFileSync(targetsFile, '');
const ran = new Map<string, boolean>();
for (const script of scripts) {
  process.stdout.write(`\n=== bench/${script}\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, script)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_TARGETS_FILE: targetsFile },
  });
  ran.set(script, result.status === 0);
}
const results = fs
  .readFileSync(targetsFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as TargetResult);
fs.rmSync(scratch, { recursive: true, force: true });
printTable(`Issue 49's targets (load average ${loadAverage()} now)`, targetsSummary(results, ran));
process.exit([...ran.values()].every(Boolean) ? 0 : 1);
