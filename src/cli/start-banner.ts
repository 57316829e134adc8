import { listSourceRows } from '../aviation/importers/sources-store.js';
import type { Platform } from '../platform/platform.js';
import { localBaseUrl } from './local-url.js';

function storageLine(platform: Platform): string {
  const { config } = platform;
  if (platform.database.kind === 'pglite') return `embedded (PGlite) in ${config.dataDir}`;
  const url = new URL(config.databaseUrl ?? '');
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

function redisLine(platform: Platform): string {
  if (!platform.config.redisUrl) return 'off (cache, rate limits and key evictions in this process; REDIS_URL to share them)';
  const url = new URL(platform.config.redisUrl);
  return `${url.hostname}:${url.port || 6379}`;
}

async function aviationLine(platform: Platform): Promise<string> {
  const sources = await listSourceRows(platform.db);
  const imported = sources.filter((s) => s.last_success_at !== null);
  if (imported.length === 0) {
    return 'not imported: /v1/aviation answers 503 until `npx flightagg aviation sync` (offline: --from <dir>)';
  }
  const latest = new Date(Math.max(...imported.map((s) => s.last_success_at!.getTime())));
  const failed = sources.filter((s) => s.status === 'failed').map((s) => s.name);
  return (
    `${imported.length} of ${sources.length} sources imported, latest ${latest.toISOString()}` +
    (failed.length > 0 ? `; last attempt failed for ${failed.join(', ')}` : '')
  );
}

/** What an operator needs to see once the gateway listens: where it is, and on what it runs. */
export async function startBanner(
  platform: Platform,
  started: {
    port: number;
    version: string;
    /** Where test keys reach each source's test system, by source code (null: none). */
    testSystemUrls: Readonly<Record<string, string | null>>;
    adminSocket: string | null;
    /** The declared variables the environment sets (config-variables.ts): names only, never values. */
    settings: readonly string[];
  },
): Promise<string> {
  const base = localBaseUrl(platform.config, started.port);
  const lines = [
    `Flight Aggregation Gateway ${started.version} listening on ${base}`,
    `  docs        ${base}/docs  (description: ${base}/openapi.json)`,
    `  storage     ${storageLine(platform)}`,
    `  redis       ${redisLine(platform)}`,
    `  aviation    ${await aviationLine(platform)}`,
    ...Object.entries(started.testSystemUrls).map(([code, url]) => `  ${`${code} test`.padEnd(12)}${url ?? 'none'}`),
    `  settings    ${started.settings.length > 0 ? `${started.settings.join(', ')} from the environment` : 'all defaults'} (every variable: README, "Configuration")`,
  ];
  if (started.adminSocket) {
    lines.push(`  operator    npx flightagg --help: commands reach this gateway over ${started.adminSocket}`);
  }
  return `${lines.join('\n')}\n`;
}
