import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { inject } from 'vitest';
import { buildGateway } from '../../src/app.js';
import { runSync, type SyncReport } from '../../src/aviation/importers/sync-runner.js';
import { loadConfig } from '../../src/sources/load-config.js';
import { createPlatform } from '../../src/platform/platform.js';
import { auditErrorCodes } from '../helpers/error-code-audit.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

export interface AviationTestApp extends TestApp {
  key: string;
  /** GET with the key; the body parsed when there is one. */
  get(url: string, headers?: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: any }>;
  sync(from?: string, source?: string | null): Promise<SyncReport>;
}

/**
 * Embedded storage in a data directory rather than in memory: PGlite's in-memory file system
 * makes an 85k-row import about twice as slow.
 */
async function fileBackedTestApp(): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-aviation-'));
  const config = loadConfig({ DATA_DIR: dataDir, KEYRING: inject('keyring'), LOG_LEVEL: 'silent', PASSWORD_SCRYPT_LOG_N: '10' });
  const platform = await createPlatform(config, { logger: pino({ level: 'silent' }) });
  const gateway = await buildGateway(platform);
  const { app } = gateway;
  const audit = auditErrorCodes(app);
  await app.ready();
  return {
    app,
    gateway,
    platform,
    async agencyWithKey({ kind = 'agency', environment = 'test' } = {}) {
      const agency = await gateway.identity.createAgency({ name: 'Aviation Test Agency' });
      const { key, secret } = await gateway.apiKeys.create({ agencyId: agency.id, kind, environment }, { via: 'cli' });
      return { agencyId: agency.id, keyId: key.id, secret };
    },
    async close() {
      await app.close();
      await platform.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      audit.check();
    },
  };
}

/** An app on its own database (aviation tables are global), with a key, optionally synced. */
export async function aviationTestApp(options: { synced?: boolean; fileBacked?: boolean } = {}): Promise<AviationTestApp> {
  const t = options.fileBacked && !inject('databaseUrl') ? await fileBackedTestApp() : await buildTestApp({ isolated: true });
  const { secret } = await t.agencyWithKey();
  const sync = (from = FIXTURES, source: string | null = null) => runSync(t.platform, { from, source });
  if (options.synced) await sync();
  return {
    ...t,
    key: secret,
    sync,
    async get(url, headers = {}) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': secret, ...headers } });
      return { status: res.statusCode, headers: res.headers, body: res.body ? JSON.parse(res.body) : null };
    },
  };
}
