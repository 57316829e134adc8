import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../../src/app.js';
import { loadConfig } from '../../src/sources/load-config.js';
import { createPlatform, type Platform } from '../../src/platform/platform.js';

// A small tmpfs is a disk that can really fill up; mounting one needs root (CI runs as root).
const skip = process.getuid?.() !== 0 ? 'mounting a small tmpfs needs root' : process.platform !== 'linux' ? 'Linux only' : null;
const PASSWORD = 'a long enough password 7';

/**
 * Embedded storage on a disk that fills up: a write answers 503 `storage_unavailable` with
 * Retry-After (not 500), readiness reports storage failing (not 200), and the refused request left
 * nothing behind; once there is room again (after a restart, which the embedded database needs to
 * take writes again) the same request succeeds as if it had never been tried.
 */
describe.skipIf(skip !== null)(
  `a full disk on embedded storage${skip ? ` (skipped: ${skip})` : ''}`,
  { timeout: 180_000 },
  () => {
    const mount = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-full-disk-'));
    const dataDir = path.join(mount, 'data');
    const filler = path.join(mount, 'filler');
    let platform: Platform;
    let gateway: Gateway;

    const start = async () => {
      const config = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        KEYRING: '',
        LOG_LEVEL: 'silent',
        PASSWORD_SCRYPT_LOG_N: '10',
        PUBLIC_FORM_RATE_LIMIT_PER_HOUR: '100000',
      });
      platform = await createPlatform(config, { logger: pino({ level: 'silent' }) });
      gateway = await buildGateway(platform);
      await gateway.app.ready();
    };
    const stop = async () => {
      await gateway?.app.close();
      await platform?.close();
    };
    const signUp = (email: string) =>
      gateway.app.inject({
        method: 'POST',
        url: '/v1/dev/signup',
        payload: { email, password: PASSWORD, agencyName: 'Full Disk Travel' },
      });
    const ready = async () => {
      const res = await gateway.app.inject({ url: '/v1/health/ready' });
      return { status: res.statusCode, body: res.json() };
    };
    const users = async (email: string) =>
      Number(
        (
          await platform.database.withClient((c) =>
            c.query<{ n: number }>('select count(*)::int as n from users where email = $1', [email]),
          )
        )[0]!.n,
      );

    /** Fills the rest of the disk, as a log or a backup beside the data directory would. */
    function fillDisk(): void {
      const fd = fs.openSync(filler, 'w');
      const block = Buffer.alloc(1 << 20);
      try {
        for (;;) fs.writeSync(fd, block);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      } finally {
        fs.closeSync(fd);
      }
    }

    beforeAll(async () => {
      const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', mount], { encoding: 'utf8' });
      if (mounted.status !== 0) throw new Error(`mount tmpfs: ${mounted.stderr}`);
      await start();
    });
    afterAll(async () => {
      await stop().catch(() => undefined);
      spawnSync('umount', ['-l', mount]);
      fs.rmSync(mount, { recursive: true, force: true });
    });

    it('answers 503 storage_unavailable, reports storage failing, and keeps nothing of the refused write', async () => {
      expect((await signUp('before@full-disk.example')).statusCode).toBe(202);
      expect(await ready()).toMatchObject({ status: 200, body: { checks: { storage: 'ok' } } });

      fillDisk();
      // Several agencies' worth of rows: whatever page had room is used up on the way.
      let refused = null;
      for (let i = 0; i < 2000 && !refused; i++) {
        const res = await signUp(`full-${i}@full-disk.example`);
        if (res.statusCode !== 202) refused = { res, email: `full-${i}@full-disk.example` };
      }
      expect(refused, 'a write was refused once the disk was full').not.toBeNull();
      const { res, email } = refused!;
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.json()).toMatchObject({
        code: 'storage_unavailable',
        error: 'storage is full or failing, so nothing was written; please retry later',
      });
      expect(await ready()).toMatchObject({
        status: 503,
        body: { status: 'not_ready', checks: { storage: 'failing', database: 'ok' } },
      });
      // Reads still work, and the refused sign-up left no user behind.
      expect(await users(email)).toBe(0);
      expect(await users('before@full-disk.example')).toBe(1);

      // Room again, and a restart: ready, and the same sign-up is taken as a first one.
      fs.rmSync(filler);
      await stop();
      await start();
      expect(await ready()).toMatchObject({ status: 200, body: { checks: { storage: 'ok' } } });
      const again = await signUp(email);
      expect(again.statusCode, again.body).toBe(202);
      expect(await users(email)).toBe(1);
    });
  },
);
