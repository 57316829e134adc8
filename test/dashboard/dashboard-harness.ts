import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildGateway, type AppOptions, type Gateway } from '../../src/app.js';
import { createDashboard } from '../../src/dashboard/plugin.js';
import type { Platform } from '../../src/platform/platform.js';
import { createTestPlatform } from '../helpers/test-platform.js';

/**
 * A gateway with the dashboard registered, on this run's storage, with a clock the test can move
 * and mail written to DATA_DIR/outbox (no SMTP_URL). Registers the dashboard itself only while
 * src/app.ts does not yet (so the test keeps working once the lead wires it).
 */
const BUILD_SCRIPT = path.resolve(import.meta.dirname, '../../dashboard/scripts/build.mjs');

export async function startDashboardGateway(
  options: {
    app?: AppOptions;
    env?: Record<string, string>;
    /** A database of its own (on PostgreSQL): for global tables such as the aviation data. */ isolated?: boolean;
  } = {},
) {
  // `npm test` builds the bundle first (pretest); a single file run directly gets it built here,
  // and the tests always see the current source (the script only builds when it is stale).
  execFileSync(process.execPath, [BUILD_SCRIPT], { stdio: 'ignore' });
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const platform: Platform = await createTestPlatform({
    clock,
    env: { PUBLIC_URL: 'https://portal.gateway.test', ...options.env },
    ...(options.isolated ? { isolated: true } : {}),
  });
  const gateway: Gateway = await buildGateway(platform, options.app);
  const app: FastifyInstance = gateway.app;
  if (!app.hasRoute({ method: 'GET', url: '/dashboard' })) await app.register(createDashboard({ platform }).plugin);
  await app.ready();
  const outbox = path.join(platform.config.dataDir, 'outbox');
  return {
    app,
    gateway,
    platform,
    /** The gateway's clock: TOTP codes and session expiry are worked out on it. */
    clock,
    advance(ms: number) {
      offsetMs += ms;
    },
    /** The newest e-mail in the outbox addressed to `to`, as its raw text (quoted-printable undone). */
    mailTo(to: string): string | null {
      if (!fs.existsSync(outbox)) return null;
      const mails = fs
        .readdirSync(outbox)
        .filter((name) => name.endsWith('.eml'))
        .map((name) => path.join(outbox, name))
        .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
        .map((file) =>
          fs
            .readFileSync(file, 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '='),
        );
      return mails.find((mail) => mail.toLowerCase().includes(`to: ${to.toLowerCase()}`)) ?? null;
    },
    async close() {
      await app.close();
      await platform.close();
    },
  };
}

export type DashboardGateway = Awaited<ReturnType<typeof startDashboardGateway>>;
