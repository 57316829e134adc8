import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkoutPreviousRelease, previousRelease, previousReleaseMissing, REPO_ROOT } from './previous-release.js';

/**
 * `tsx tools/upgrade/previous-suite.ts [test files of that release...]`: runs the previous
 * release's own tests of its stores on a PostgreSQL database this checkout has migrated (the run
 * database its global setup makes, migrated again by tools/upgrade/migrate-run-database.ts before
 * any test), so every query of that release meets the schema this build leaves behind, as its
 * instances do during a rolling upgrade. Needs DATABASE_URL (and REDIS_URL where its tests do);
 * exits with vitest's code. Tests that make a database of their own migrate it with that release
 * only: they do not count.
 */

/** Its tests of the stores the migrations since it touch, and of the order, event and user stores. */
export const STORE_TESTS = [
  'test/requests/',
  'test/identity/user-store.test.ts',
  'test/events/events-list.test.ts',
  'test/orders/order-lifecycle.test.ts',
  'test/webhooks/delivery.test.ts',
];

export async function runPreviousSuite(
  files: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ status: number | null; output: string }> {
  const missing = previousReleaseMissing();
  if (missing) throw new Error(missing);
  if (!env.DATABASE_URL) throw new Error("the previous release's suite runs on PostgreSQL only: set DATABASE_URL");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-previous-'));
  try {
    checkoutPreviousRelease(dir);
    const setup = path.join(REPO_ROOT, 'tools/upgrade/migrate-run-database.ts');
    fs.writeFileSync(
      path.join(dir, 'vitest.upgrade.config.ts'),
      [
        "import { mergeConfig } from 'vitest/config';",
        "import base from './vitest.config.ts';",
        `export default mergeConfig(base, { test: { globalSetup: [${JSON.stringify(setup)}] } });`,
      ].join('\n'),
    );
    // Asynchronous: a test that runs it keeps its worker answering vitest meanwhile.
    const child = spawn(
      process.execPath,
      [path.join(dir, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'vitest.upgrade.config.ts', ...files],
      { cwd: dir, env: { ...env, FLIGHTAGG_TEST_ALL: '', NO_COLOR: '1', FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const status = await new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    return { status, output };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const files = process.argv.slice(2);
  const { version } = previousRelease();
  process.stdout.write(`release ${version}'s store tests on this build's schema\n`);
  const { status, output } = await runPreviousSuite(files.length > 0 ? files : STORE_TESTS);
  process.stdout.write(output);
  process.exit(status ?? 1);
}
