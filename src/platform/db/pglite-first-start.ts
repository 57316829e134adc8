import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// The child: PGlite's own first start (initdb in a second WebAssembly instance, its result copied
// into the data directory), then a clean close. Plain JavaScript, so it runs the same from tsx,
// from compiled dist/ and under the test runner.
const CHILD_SCRIPT = `
const [pgliteUrl, dir, startParams] = process.argv.slice(1);
const { PGlite } = await import(pgliteUrl);
const pg = await PGlite.create(dir, { startParams: JSON.parse(startParams) });
await pg.close();
`;

const isInitialised = (pgdata: string) => fs.existsSync(path.join(pgdata, 'PG_VERSION'));

function isMissingOrEmpty(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/**
 * Initialises an empty PGlite data directory in a short-lived child process. PGlite's first start
 * runs initdb in a second WebAssembly instance and copies its heap and a tarball of the result;
 * in the gateway's own process that left hundreds of MB of RSS that only a major GC would give
 * back, and made the first start the memory peak of the first import. In a child, that memory
 * leaves with the child, and the gateway opens an already initialised directory.
 *
 * The child writes beside the target and the finished directory is renamed into place, so an
 * interrupted first start leaves no half-made database to resume from. A directory that is
 * already initialised, or holds anything at all, is left to PGlite as before.
 */
export async function initialisePgliteDataDir(pgdata: string, startParams: readonly string[]): Promise<void> {
  if (isInitialised(pgdata) || !isMissingOrEmpty(pgdata)) return;
  const scratch = `${pgdata}.initdb`;
  fs.rmSync(scratch, { recursive: true, force: true });
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  try {
    await runChild([pglite, scratch, JSON.stringify(startParams)]);
    if (!isInitialised(scratch)) throw new Error('PGlite first start ended without a database');
    fs.rmSync(pgdata, { recursive: true, force: true });
    fs.renameSync(scratch, pgdata);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

function runChild(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // --liftoff-only: initdb runs most of PGlite's code once; tiering it up on V8's optimising
    // compiler cost more CPU than it saved (about 7.6 s of CPU against 5.6 s baseline-only).
    const child = spawn(process.execPath, ['--liftoff-only', '--input-type=module', '-e', CHILD_SCRIPT, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4_000)));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`PGlite first start failed (${signal ?? `exit ${code}`}): ${stderr.trim() || 'no output'}`));
    });
  });
}
