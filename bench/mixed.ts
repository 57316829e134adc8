/**
 * The whole service under a realistic mix, on one storage per run (PGlite by default; PostgreSQL
 * with DATABASE_URL): 70 % aviation reads (airport by code, 100 km radius, airline), 20 % searches
 * (60 % of them answered from the cache, 40 % a route and date not asked before), 8 % order
 * reads, 2 % bookings (holds of offers priced beforehand). Requests/s and p99 per class, against
 * the bare floor: a bare Fastify server answering each class with the same bytes, under the same
 * mix and concurrency. The AA test system runs in its own process. Every answer is counted in
 * its request's class with its status (and, for searches, whether it came from the cache); a run
 * with refusals or unattributed answers says so and is not a measurement.
 *
 *   npx tsx bench/mixed.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/mixed.ts
 */
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { request } from 'undici';
import { buildGateway } from '../src/app.js';
import { runSync } from '../src/aviation/importers/sync-runner.js';
import { benchPlatform } from './lib/bench-platform.js';
import { aaTestSystemProcess, dateAhead, percentile, SUBSCRIPTION_KEY } from './shopping-lib.js';

const DATA = path.resolve(import.meta.dirname, '../../shared/data');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4_000);
const CONNECTIONS = 10;
const storage = process.env.DATABASE_URL ? 'postgres' : 'pglite';

type Kind = 'aviation' | 'search-hit' | 'search-miss' | 'order-read' | 'booking';
const MIX: [Kind, number][] = [
  ['aviation', 0.7],
  ['search-hit', 0.12],
  ['search-miss', 0.08],
  ['order-read', 0.08],
  ['booking', 0.02],
];
const pick = (): Kind => {
  let r = Math.random();
  for (const [kind, share] of MIX) if ((r -= share) < 0) return kind;
  return 'aviation';
};

const aa = await aaTestSystemProcess();
const { platform, dispose } = await benchPlatform(storage, {
  AA_TEST_SUBSCRIPTION_KEY: SUBSCRIPTION_KEY,
  MONITORING_INTERVAL_SECONDS: '0',
  // The free plan's allowance (1,000 requests) would refuse most of the run.
  FREE_ALLOWANCE_REQUESTS: '100000000',
  // The hot searches must stay cached through the setup and the floor's run on a busy machine.
  SEARCH_CACHE_TTL_SECONDS: '3600',
});
const sync = await runSync(platform, { from: DATA, source: 'ourairports,openflights' });
if (!sync.ok) throw new Error(`aviation sync failed: ${JSON.stringify(sync.sources)}`);
const gateway = await buildGateway(platform, { aaTestSystemUrl: aa.url });
const agency = await gateway.identity.createAgency({ name: 'Mixed Bench' });
await sql`update agencies set search_rate_limit = 1000000000 where id = ${agency.id}`.execute(platform.db);
const { secret } = await gateway.apiKeys.create({ agencyId: agency.id, kind: 'agency', environment: 'test' });
const base = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
const headers = { 'content-type': 'application/json', 'x-api-key': secret };

/** A setup request. A 503 (a dependency slow on the busy machine) is asked again, at most 5 times. */
async function call(method: 'GET' | 'POST', url: string, body?: unknown, extra: Record<string, string> = {}) {
  for (let attempt = 1; ; attempt++) {
    const res = await request(base + url, {
      method,
      headers: { ...headers, ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    if (res.statusCode === 503 && attempt < 5) {
      console.error(`setup ${method} ${url}: 503, asked again (${text.slice(0, 120)})`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      continue;
    }
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${text.slice(0, 200)}`);
    return JSON.parse(text);
  }
}

const ROUTES = [
  ['JFK', 'LAX'],
  ['DFW', 'ORD'],
  ['CLT', 'MIA'],
  ['ORD', 'LAX'],
  ['PHL', 'DFW'],
  ['LAX', 'JFK'],
  ['MIA', 'CLT'],
  ['DFW', 'PHL'],
];
const searchBody = (i: number) => {
  const [origin, destination] = ROUTES[i % ROUTES.length]!;
  return { origin, destination, departure_date: dateAhead(10 + Math.floor(i / ROUTES.length)), adults: 1 };
};

// Hot searches, asked once so they are cached; misses take routes and dates beyond them.
const HOT = 8;
for (let i = 0; i < HOT; i++) await call('POST', '/v1/shopping/offers', searchBody(i));
let nextMiss = HOT;

// Offers priced ahead for the bookings, and orders booked ahead for the reads.
const bookings = Math.ceil(REQUESTS * 0.02) + 20;
const priced: string[] = [];
for (let i = 0; priced.length < bookings + 10; i++) {
  const search = await call('POST', '/v1/shopping/offers', searchBody(2_000 + i));
  for (const offer of (search.offers ?? []).slice(0, 3)) {
    const price = await call('POST', '/v1/offers/price', { offer_id: offer.offer_id });
    priced.push(price.offer_id);
  }
}
// A different traveller each time: the same passengers on the same flights are refused (409).
let travellers = 0;
const letters = (i: number): string => (i < 26 ? '' : letters(Math.floor(i / 26) - 1)) + String.fromCharCode(97 + (i % 26));
const booking = (offerId: string) => ({
  offer_id: offerId,
  passengers: [
    { given_name: `Ada${letters(travellers++)}`, family_name: 'Lovelace', born_on: '1985-12-10', email: 'ada@example.com' },
  ],
  payment: { type: 'hold' },
});
const orderIds: string[] = [];
for (let i = 0; i < 10; i++) {
  const order = await call('POST', '/v1/orders', booking(priced.pop()!), { 'idempotency-key': `mixed-pre-${i}-${Date.now()}` });
  orderIds.push(order.order_id);
}

const airports = ['JFK', 'LHR', 'MUC', 'SFO', 'NRT', 'CDG', 'SYD', 'GRU', 'DXB', 'ORD'];
const centres: [number, number][] = [
  [40.64, -73.78],
  [51.47, -0.45],
  [48.35, 11.78],
  [37.62, -122.38],
  [35.77, 140.39],
  [-33.95, 151.18],
];
const airlines = ['AA', 'BA', 'LH', 'AF', 'DL', 'UA'];
let n = 0;
function nextRequest(kind: Kind): { method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> } {
  n++;
  switch (kind) {
    case 'aviation': {
      const r = n % 3;
      if (r === 0) return { method: 'GET', path: `/v1/aviation/airports/${airports[n % airports.length]}` };
      if (r === 1) {
        const [lat, lon] = centres[n % centres.length]!;
        return { method: 'GET', path: `/v1/aviation/airports?lat=${lat}&lon=${lon}&radius_km=100` };
      }
      return { method: 'GET', path: `/v1/aviation/airlines/${airlines[n % airlines.length]}` };
    }
    case 'search-hit':
      return { method: 'POST', path: '/v1/shopping/offers', body: JSON.stringify(searchBody(n % HOT)) };
    case 'search-miss':
      return { method: 'POST', path: '/v1/shopping/offers', body: JSON.stringify(searchBody(nextMiss++)) };
    case 'order-read':
      return { method: 'GET', path: `/v1/orders/${encodeURIComponent(orderIds[n % orderIds.length]!)}` };
    case 'booking': {
      const offer = priced.pop();
      // Out of priced offers (more bookings drawn than planned): read an order instead.
      if (!offer) return nextRequest('order-read');
      return {
        method: 'POST',
        path: '/v1/orders',
        body: JSON.stringify(booking(offer)),
        headers: { 'idempotency-key': `mixed-${n}-${Date.now()}` },
      };
    }
  }
}

interface ClassTally {
  latencies: number[];
  statuses: Map<number, number>;
  /** Searches only: answers that said `"cached":true`. */
  cached: number;
  /** The first body of each refused status, to say why. */
  refusals: Map<number, string>;
}

/**
 * Runs the mix against a base URL. Each answer is attributed to the class of its own request:
 * autocannon answers a connection's requests in order and keeps one context per request.
 */
async function runMix(url: string, route: (kind: Kind, r: ReturnType<typeof nextRequest>) => ReturnType<typeof nextRequest>) {
  const tally = new Map<Kind, ClassTally>(
    MIX.map(([k]) => [k, { latencies: [], statuses: new Map(), cached: 0, refusals: new Map() }]),
  );
  const started = performance.now();
  let finished!: (result: autocannon.Result) => void;
  const done = new Promise<autocannon.Result>((resolve) => (finished = resolve));
  const instance = autocannon(
    {
      url,
      connections: CONNECTIONS,
      amount: REQUESTS,
      requests: [
        {
          setupRequest: (req, context) => {
            const kind = pick();
            (context as Record<string, unknown>).kind = kind;
            const r = route(kind, nextRequest(kind));
            // A fresh header object per request: autocannon writes Content-Length into the one it is
            // given, and a shared one made later GETs announce a body they do not send (the server
            // then read the next request as that body: 400 malformed_request, answers lost).
            const own: Record<string, string> = { 'x-api-key': secret, ...r.headers };
            if (r.body !== undefined) own['content-type'] = 'application/json';
            return { ...req, method: r.method, path: r.path, body: r.body, headers: own } as typeof req;
          },
          onResponse: (status: number, body: string, context: object) => {
            const t = tally.get((context as { kind: Kind }).kind)!;
            t.statuses.set(status, (t.statuses.get(status) ?? 0) + 1);
            if (status >= 300 && !t.refusals.has(status)) t.refusals.set(status, body.slice(0, 300));
            if (body.startsWith('{"cached":true,')) t.cached++;
          },
        },
      ],
    },
    (_err, result) => finished(result),
  );
  // Emitted right after onResponse, before the client sets up its next request.
  void instance.on('response', (client, _status, _bytes, ms) => {
    const { context } = (client as unknown as { requestIterator: { context: { kind: Kind } } }).requestIterator;
    tally.get(context.kind)!.latencies.push(ms);
  });
  const result = await done;
  const seconds = (performance.now() - started) / 1000;
  const answered = [...tally.values()].reduce((sum, t) => sum + t.latencies.length, 0);
  return { seconds, tally, answered, result };
}

// The bare floor: the same bytes per class from a bare Fastify server.
const samples = new Map<Kind, string>();
samples.set('aviation', JSON.stringify(await call('GET', '/v1/aviation/airports/JFK')));
samples.set('search-hit', JSON.stringify(await call('POST', '/v1/shopping/offers', searchBody(0))));
samples.set('search-miss', samples.get('search-hit')!);
samples.set('order-read', JSON.stringify(await call('GET', `/v1/orders/${encodeURIComponent(orderIds[0]!)}`)));
samples.set('booking', samples.get('order-read')!);
const bare = Fastify({ logger: false });
bare.all('/bare/:kind', async (req, reply) =>
  reply.type('application/json; charset=utf-8').send(samples.get((req.params as { kind: Kind }).kind)),
);
const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

// The floor draws from the same generators; the gateway's run then starts where the floor's did.
const savedPriced = [...priced];
const savedMiss = nextMiss;
const floor = await runMix(bareBase, (kind, r) => ({ ...r, path: `/bare/${kind}` }));
priced.splice(0, priced.length, ...savedPriced);
nextMiss = savedMiss;
// The hot searches asked again just before the run, so their cache entries are fresh whatever
// the setup and the floor took on a busy machine.
for (let i = 0; i < HOT; i++) await call('POST', '/v1/shopping/offers', searchBody(i));
const measured = await runMix(base, (_kind, r) => r);

const round = (ms: number) => Math.round(ms * 10) / 10;
const p = (values: number[], at: number) => (values.length ? round(percentile(values, at)) : null);
for (const [name, run] of [
  ['bare floor', floor],
  ['gateway', measured],
] as const) {
  const r = run.result;
  console.log(
    `${name}: ${run.answered} of ${REQUESTS} answers attributed; autocannon counted ${r.requests.total} requests, ` +
      `${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts, ${r.resets} resets; ${Math.round(run.answered / run.seconds)} req/s`,
  );
}
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
console.log(`storage: ${storage}; ${REQUESTS} requests, ${CONNECTIONS} connections; load average now ${load}`);
console.table(
  MIX.map(([kind]) => {
    const g = measured.tally.get(kind)!;
    const b = floor.tally.get(kind)!;
    const searches = kind === 'search-hit' || kind === 'search-miss';
    return {
      class: kind,
      answers: g.latencies.length,
      statuses: [...g.statuses].map(([status, count]) => `${status}x${count}`).join(' '),
      ...(searches ? { cached: g.cached } : {}),
      'req/s': Math.round(g.latencies.length / measured.seconds),
      'p50 ms': p(g.latencies, 50),
      'p99 ms': p(g.latencies, 99),
      'bare req/s': Math.round(b.latencies.length / floor.seconds),
      'bare p50 ms': p(b.latencies, 50),
      'bare p99 ms': p(b.latencies, 99),
    };
  }),
);
for (const [kind, t] of measured.tally) for (const [status, body] of t.refusals) console.log(`${kind} ${status}: ${body}`);
const searches = ['search-hit', 'search-miss'].map((k) => measured.tally.get(k as Kind)!);
const searchAnswers = searches.reduce((sum, t) => sum + t.latencies.length, 0);
console.log(
  `searches answered from the cache: ${searches[0]!.cached + searches[1]!.cached} of ${searchAnswers} ` +
    `(hit class ${searches[0]!.cached} of ${searches[0]!.latencies.length}, miss class ${searches[1]!.cached} of ${searches[1]!.latencies.length})`,
);

await bare.close();
await gateway.app.close();
await dispose();
await aa.close();
