import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/flightagg.js');

// Far above the second or two the refusal takes on a busy 2-core machine, far below what opening
// storage takes there: a first start on embedded storage (initdb) took 30 s and more.
const REFUSED_WITHIN_MS = 15_000;

/** `flightagg serve` until it exits: exit code, stderr, and how long it ran. */
async function serve(env: NodeJS.ProcessEnv) {
  const started = performance.now();
  try {
    await run(process.execPath, [BIN, 'serve'], { env, cwd: ROOT, timeout: 110_000 });
    return { code: 0, stderr: '', ms: performance.now() - started };
  } catch (err) {
    const e = err as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr, ms: performance.now() - started };
  }
}

/**
 * A taken port stops `serve` before storage is opened: one line naming the port and the setting
 * that moves it, exit 1, and no data directory or database made.
 */
describe('serve on a port already taken', { timeout: 120_000 }, () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-busy-port-'));
  const dataDir = path.join(scratch, 'data');
  const env = (settings: Record<string, string>): NodeJS.ProcessEnv => ({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    KEYRING: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    AA_TEST_PORT: '0',
    VS_TEST_PORT: '0',
    ...settings,
  });
  let blocker: net.Server;
  let port: number;

  beforeAll(async () => {
    blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    port = (blocker.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => blocker.close(resolve));
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('names PORT and exits at once, before any database exists', async () => {
    const res = await serve(env({ PORT: String(port) }));
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe(
      `error: port ${port} is already in use on 127.0.0.1: stop what listens there, or set PORT to a free port (e.g. PORT=${port + 1})`,
    );
    expect(res.ms).toBeLessThan(REFUSED_WITHIN_MS);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('names AA_TEST_PORT when the in-process test system’s port is taken', async () => {
    const res = await serve(env({ AA_TEST_PORT: String(port) }));
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe(
      `error: port ${port} is already in use on 127.0.0.1: stop what listens there, or set AA_TEST_PORT to a free port (e.g. AA_TEST_PORT=${port + 1})`,
    );
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
