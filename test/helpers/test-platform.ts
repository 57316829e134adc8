import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import pino from 'pino';
import { inject } from 'vitest';
import { loadConfig } from '../../src/sources/load-config.js';
import { createLogger } from '../../src/platform/logger.js';
import { createPlatform, type Platform } from '../../src/platform/platform.js';
import type { SourceTable } from '../../src/sources/source.js';
import { generatedNotifySecrets } from './notify-secrets.js';

export interface TestPlatformOptions {
  /** Extra environment, as an operator would set it. */
  env?: Record<string, string>;
  /** A database nobody else in this run uses (always true on embedded storage). */
  isolated?: boolean;
  /** Collects every log line, to prove what never reaches the logs. */
  logLines?: string[];
  clock?: () => Date;
  /** The table of sources the configuration is read for (default: the gateway's, src/sources/table.ts). */
  sources?: SourceTable;
  /** Turns tracing on for the process, every span exported here (an InMemorySpanExporter). */
  spanExporter?: SpanExporter;
}

/** A database of its own on the run's server, dropped with the run's (global-setup.ts). */
export async function isolatedDatabase(serverUrl: string): Promise<string> {
  const name = `flightagg_iso_${inject('runId')}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let template: Blob | undefined;
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  template ??= new Blob([fs.readFileSync(file)]);
  return template;
}

/** A platform on this run's storage: PGlite in memory, or the run's PostgreSQL database. */
export async function createTestPlatform(options: TestPlatformOptions = {}): Promise<Platform> {
  const sharedUrl = inject('databaseUrl');
  const databaseUrl = sharedUrl && options.isolated ? await isolatedDatabase(sharedUrl) : sharedUrl;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-test-'));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      REDIS_URL: inject('redisUrl') ?? '',
      REDIS_PREFIX: `flightagg:test:${inject('runId')}:${crypto.randomBytes(4).toString('hex')}:`,
      KEYRING: inject('keyring'),
      LOG_LEVEL: 'silent',
      // Tests hash many passwords; production keeps OWASP's 2^17.
      PASSWORD_SCRYPT_LOG_N: '10',
      // Every answer is held to its declared response (vitest.config.ts sets it for the run).
      CHECK_RESPONSES: process.env.CHECK_RESPONSES ?? '',
      // Never the public development secrets: a test signs with `platform.config.sources.AA.signing.secret`.
      ...generatedNotifySecrets(options.sources),
      ...options.env,
    },
    options.sources,
  );
  const lines = options.logLines;
  const logger = lines
    ? createLogger(
        'trace',
        new Writable({
          write(chunk, _encoding, done) {
            lines.push(...String(chunk).split('\n').filter(Boolean));
            done();
          },
        }),
        { traceIds: options.spanExporter !== undefined },
      )
    : pino({ level: 'silent' });
  return createPlatform(config, {
    logger,
    storageDir: databaseUrl ? undefined : 'memory://',
    ...(databaseUrl ? {} : { storageTemplate: pgliteTemplate() }),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.spanExporter ? { spanExporter: options.spanExporter } : {}),
  });
}
