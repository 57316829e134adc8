/**
 * Child process of bench/aviation-http.ts. `bare <bodyFile> <radiusFile>` serves the given bytes on
 * the JFK path from a bare Fastify route, and the radius file's bytes (one real radius answer of the
 * gateway) on the airport search path whatever its query; `bare-logged <bodyFile> <radiusFile>` does
 * the same with a pino logger given to Fastify (silent, as the bench runs the gateway), which makes
 * Fastify create a child logger for every request as it does in the gateway; `gateway` syncs OurAirports from ../shared/data into a fresh
 * store (PGlite in a temporary directory, or a new database on DATABASE_URL) and serves the whole
 * gateway. Either prints one JSON line when listening.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildGateway } from '../src/app.js';
import { runSync } from '../src/aviation/importers/sync-runner.js';
import { loadConfig } from '../src/platform/config.js';
import { scratchDatabase } from './lib/bench-platform.js';
import { Keyring } from '../src/platform/keyring/keyring.js';
import { createPlatform } from '../src/platform/platform.js';

const DATA = path.resolve(import.meta.dirname, '../../shared/data');
const JFK_PATH = '/v1/aviation/airports/JFK';
const RADIUS_PATH = '/v1/aviation/airports';

async function bare(bodyFile: string, radiusFile: string, logged: boolean) {
  const body = fs.readFileSync(bodyFile, 'utf8');
  const radius = fs.readFileSync(radiusFile, 'utf8');
  const app = logged ? (Fastify({ loggerInstance: pino({ level: 'silent' }) }) as unknown as FastifyInstance) : Fastify();
  app.get(JFK_PATH, async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  app.get(RADIUS_PATH, async (_request, reply) => reply.type('application/json; charset=utf-8').send(radius));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
}

/** What to undo when the bench stops this process: the database and data directory it made. */
let cleanUp = async () => {};

async function gateway() {
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl ? await scratchDatabase(serverUrl) : null;
  const databaseUrl = scratch?.url ?? '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    KEYRING: databaseUrl ? Keyring.generateText() : '',
    LOG_LEVEL: 'silent',
    PASSWORD_SCRYPT_LOG_N: '10',
  });
  const platform = await createPlatform(config, { logger: pino({ level: 'silent' }) });
  const report = await runSync(platform, { from: DATA, source: 'ourairports' });
  if (!report.ok) throw new Error(`sync failed: ${JSON.stringify(report.sources)}`);
  const gateway = await buildGateway(platform);
  const { app } = gateway;
  const agency = await gateway.identity.createAgency({ name: 'Bench Agency' });
  const { secret } = await gateway.apiKeys.create({ agencyId: agency.id, kind: 'agency', environment: 'test' }, { via: 'cli' });
  cleanUp = async () => {
    await app.close();
    await platform.close();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(
    JSON.stringify({
      port: typeof address === 'object' && address ? address.port : 0,
      key: secret,
      storage: platform.database.kind,
    }),
  );
}

// A normal exit on SIGINT/SIGTERM (after dropping the bench database), so `node --cpu-prof` writes its profile.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void cleanUp().finally(() => process.exit(0)));
}

// Run on its own (as `npm run bench` does with every script here) it is not a bench: it says so and ends.
const mode = process.argv[2];
if (mode === 'bare' || mode === 'bare-logged') await bare(process.argv[3]!, process.argv[4]!, mode === 'bare-logged');
else if (mode === 'gateway') await gateway();
else console.log('bench/aviation-server.ts is the server half of bench/aviation-http.ts; run that one.');
