/**
 * Webhooks: order events -> signed deliveries to a loopback HTTPS receiver, in one run.
 * - throughput: a backlog of events delivered by one instance's worker, against the receiver's own
 *   ceiling (the same signed POSTs sent straight from an undici client at the same concurrency);
 *   target >= 500 deliveries/s;
 * - latency: event committed -> first attempt received, p50, with the scheduler running as in
 *   production (a run every second); target p50 < 1 s;
 * - outage: 10,000 deliveries fail once against a receiver answering 503, the receiver comes back,
 *   the backlog drains while new events keep arriving; new events are not starved (their latency
 *   during the drain is reported).
 * Storage: PGlite, or PostgreSQL with DATABASE_URL set (a scratch database on BENCH_DATABASE_URL).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { Agent } from 'undici';
import { buildGateway } from '../src/app.js';
import { lifecyclePayload } from '../src/orders/event-outbox.js';
import { enqueueEvent } from '../src/orders/event-outbox-store.js';
import { findAgencyOrder } from '../src/orders/order-store.js';
import { loadConfig } from '../src/sources/load-config.js';
import { Keyring } from '../src/platform/keyring/keyring.js';
import { createPlatform } from '../src/platform/platform.js';
import { startAaTestSystem } from '../src/testsystem/aa/server.js';
import { signatureHeader } from '../src/webhooks/delivery/signer.js';
import { WEBHOOK_POLICY } from '../src/webhooks/events.js';
import { makeCertificate } from '../test/webhooks/https-receiver.js';
import { scratchDatabase } from './lib/bench-platform.js';
import { printTable } from './lib/load.js';

const THROUGHPUT_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 5_000);
const OUTAGE_EVENTS = Number(process.env.BENCH_WEBHOOK_OUTAGE ?? 10_000);
const storage = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

// The receiver: answers at once, or 503 during the outage; records when each event first arrived.
const certificate = makeCertificate();
let outage = false;
let offsetMs = 0;
const firstSeen = new Map<string, number>();
const receiver = https.createServer({ cert: certificate.cert, key: certificate.key }, (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const id = req.headers['x-service-delivery'] as string | undefined;
    if (id && !firstSeen.has(id)) {
      try {
        const occurred = Date.parse((JSON.parse(Buffer.concat(chunks).toString()) as { occurred_at: string }).occurred_at);
        firstSeen.set(id, Date.now() + offsetMs - occurred);
      } catch {
        // the ceiling's own requests
      }
    }
    res.writeHead(outage ? 503 : 200).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const port = (receiver.address() as AddressInfo).port;

// A platform with a clock the bench moves past the first retry delay after the outage.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-bench-'));
const scratch =
  storage === 'postgres' ? await scratchDatabase(process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL!) : null;
const platform = await createPlatform(
  loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url ?? '',
    KEYRING: Keyring.generateText(),
    LOG_LEVEL: 'silent',
    WEBHOOK_ALLOWED_PRIVATE_HOSTS: 'localhost',
  }),
  { logger: pino({ level: 'silent' }), clock: () => new Date(Date.now() + offsetMs) },
);
const aa = await startAaTestSystem({ subscriptionKey: 'aa-test-subscription-key', logger: false });
const gateway = await buildGateway(platform, {
  testSystemUrls: { AA: aa.url },
  webhooks: { ca: certificate.cert, resolver: async () => [{ address: '127.0.0.1', family: 4 }] },
});
const { app } = gateway;
await app.ready();

// An agency, its endpoint and one real hold whose row the events announce.
const agency = await gateway.identity.createAgency({ name: 'Bench Agency' });
const { secret: key } = await gateway.apiKeys.create({ agencyId: agency.id, kind: 'agency', environment: 'test' });
const ctx = {
  sessionId: 'bench',
  userId: 'bench',
  agencyId: agency.id,
  role: 'owner' as const,
  permissions: [],
  supportSession: null,
  mfaVerifiedAt: new Date(),
  emailVerified: true,
};
const endpoint = await gateway.webhooks.endpoints.create(ctx, { url: `https://localhost:${port}/hooks` }, null, platform.logger);
const search = await app.inject({
  method: 'POST',
  url: '/v1/shopping/offers',
  headers: { 'x-api-key': key },
  payload: {
    origin: 'JFK',
    destination: 'LAX',
    departure_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    adults: 1,
  },
});
const offer = (search.json().offers as { offer_id: string }[])[0]!;
const hold = await app.inject({
  method: 'POST',
  url: '/v1/orders',
  headers: { 'x-api-key': key },
  payload: {
    offer_id: offer.offer_id,
    passengers: [{ given_name: 'Ada', family_name: 'Lovelace', born_on: '1985-12-10', email: 'ada@example.com' }],
    payment: { type: 'hold' },
  },
});
const order = (await findAgencyOrder(platform.db, hold.json().order_id as string, agency.id))!;
const enqueue = async (count: number) => {
  await platform.db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i++) {
      const at = platform.clock();
      await enqueueEvent(trx, order, { event: 'order.updated', payload: lifecyclePayload('order.updated', order, at), at });
    }
  });
};
const dispatcher = gateway.webhooks.dispatcher;
const rows: Record<string, string | number>[] = [];

// 1. The receiver's ceiling: the same signed POSTs straight from undici, at the worker's concurrency.
const agent = new Agent({ connect: { ca: certificate.cert }, connections: 8 });
const body = JSON.stringify(lifecyclePayload('order.updated', order, new Date()));
const ceilingCount = 3_000;
let sent = 0;
const ceilingStart = performance.now();
await Promise.all(
  Array.from({ length: WEBHOOK_POLICY.concurrency }, async () => {
    while (sent < ceilingCount) {
      sent++;
      const res = await agent.request({
        origin: `https://localhost:${port}`,
        path: '/hooks',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-service-signature': signatureHeader(endpoint.secret, body, new Date()),
          'x-service-delivery': `ceiling_${crypto.randomUUID()}`,
        },
        body,
      });
      await res.body.dump();
    }
  }),
);
const ceiling = ceilingCount / ((performance.now() - ceilingStart) / 1000);
await agent.close();
firstSeen.clear();

// 2. Throughput: a backlog of events, drained by the worker.
await enqueue(THROUGHPUT_EVENTS);
const throughputStart = performance.now();
let delivered = 0;
while (delivered < THROUGHPUT_EVENTS) delivered += (await dispatcher.runOnce()).attempted;
const throughput = THROUGHPUT_EVENTS / ((performance.now() - throughputStart) / 1000);
rows.push({
  storage,
  measure: `throughput, ${THROUGHPUT_EVENTS} deliveries`,
  value: `${throughput.toFixed(0)}/s`,
  ceiling: `${ceiling.toFixed(0)}/s`,
  ratio: (throughput / ceiling).toFixed(2),
  target: '>= 500/s',
});

// 3. Latency: the scheduler runs the worker every second; events arrive 50 a second for 10 s.
firstSeen.clear();
platform.scheduler.start();
for (let i = 0; i < 20; i++) {
  await enqueue(25);
  await sleep(500);
}
await sleep(3_000);
const latencies = [...firstSeen.values()];
rows.push({
  storage,
  measure: `commit -> first attempt, ${latencies.length} events`,
  value: `p50 ${percentile(latencies, 50)} ms`,
  ceiling: `p95 ${percentile(latencies, 95)} ms`,
  ratio: '',
  target: 'p50 < 1000 ms',
});
await platform.scheduler.stop();

// 4. Outage: every delivery fails once, the receiver comes back, the backlog drains while new
// events keep coming.
outage = true;
await enqueue(OUTAGE_EVENTS);
let failedOnce = 0;
while (failedOnce < OUTAGE_EVENTS) failedOnce += (await dispatcher.runOnce()).attempted;
outage = false;
offsetMs += WEBHOOK_POLICY.firstRetryMs * (1 + WEBHOOK_POLICY.jitterRatio) + 1_000;
firstSeen.clear();
const drainStart = performance.now();
let drained = false;
const worker = (async () => {
  while (!drained) {
    await dispatcher.runOnce();
    await sleep(5);
  }
})();
const fresh: number[] = [];
for (let second = 0; !drained && second < 120; second++) {
  const before = new Set(firstSeen.keys());
  await enqueue(20);
  await sleep(1_000);
  // New events were committed after the clock moved: their latencies are small, the backlog's are not.
  for (const [id, ms] of firstSeen) if (!before.has(id) && ms < 30_000) fresh.push(ms);
  const { rows: left } = await sql<{ n: number }>`
    select count(*)::int as n from webhook_deliveries where status = 'pending' and attempt_count > 0`.execute(platform.db);
  if (left[0]!.n === 0) drained = true;
}
drained = true;
await worker;
rows.push({
  storage,
  measure: `drain of ${OUTAGE_EVENTS} after an outage`,
  value: `${((performance.now() - drainStart) / 1000).toFixed(1)} s`,
  ceiling: `new events p50 ${percentile(fresh, 50)} ms, p95 ${percentile(fresh, 95)} ms`,
  ratio: '',
  target: 'drains; new events not starved',
});

printTable('Webhook delivery (one instance, loopback HTTPS receiver)', rows);
await app.close();
await platform.close();
await aa.close();
receiver.closeAllConnections();
receiver.close();
fs.rmSync(dataDir, { recursive: true, force: true });
await scratch?.drop();
