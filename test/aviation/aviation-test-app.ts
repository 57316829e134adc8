import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runSync, type SyncReport } from '../../src/aviation/importers/sync-runner.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

export interface AviationTestApp extends TestApp {
  key: string;
  /** GET with the key; the body parsed when there is one. */
  get(url: string, headers?: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: any }>;
  sync(from?: string, source?: string | null): Promise<SyncReport>;
}

/** An app on its own database (aviation tables are global), with a key, optionally synced. */
export async function aviationTestApp(options: { synced?: boolean } = {}): Promise<AviationTestApp> {
  const t = await buildTestApp({ isolated: true });
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
