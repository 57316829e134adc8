/**
 * A cached 50-offer search against a bare Fastify route sending the same bytes: what the gate,
 * validation, rate limit, look-to-book count and cache lookup cost on a hit. Target: the cached
 * search at least half the bare route's throughput.
 */
import Fastify from 'fastify';
import { request } from 'undici';
import { combine, load, printTable, type LoadResult } from './lib/load.js';
import { dateAhead, shoppingBench } from './shopping-lib.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const ROUNDS = 4;
const bench = await shoppingBench();
const headers = { 'content-type': 'application/json', 'x-api-key': bench.key };

// The search whose answer is closest to 50 offers, among a few busy routes.
let best: { body: string; offers: number } | null = null;
for (const [origin, destination] of [
  ['JFK', 'LAX'],
  ['DFW', 'ORD'],
  ['CLT', 'MIA'],
  ['ORD', 'LAX'],
  ['PHL', 'DFW'],
]) {
  for (const max of [undefined, 0, 1]) {
    const body = JSON.stringify({
      origin,
      destination,
      departure_date: dateAhead(20),
      adults: 1,
      ...(max === undefined ? {} : { max_connections: max }),
    });
    const res = await request(`${bench.base}/v1/shopping/offers`, { method: 'POST', headers, body });
    const offers = ((await res.body.json()) as { offers: unknown[] | null }).offers?.length ?? 0;
    if (!best || Math.abs(offers - 50) < Math.abs(best.offers - 50)) best = { body, offers };
  }
}
const hit = await request(`${bench.base}/v1/shopping/offers`, { method: 'POST', headers, body: best!.body });
if (hit.headers['x-cache'] !== 'HIT') throw new Error('the chosen search is not served from cache');
const bytes = Buffer.from(await hit.body.arrayBuffer());

const bare = Fastify({ logger: false });
bare.post('/bare', async (_request, reply) => reply.type('application/json; charset=utf-8').send(bytes));
const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

const bareRounds: LoadResult[] = [];
const cachedRounds: LoadResult[] = [];
for (let round = 0; round < ROUNDS; round++) {
  bareRounds.push(
    await load(`${bareBase}/bare`, {
      seconds: SECONDS / ROUNDS,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: best!.body,
    }),
  );
  cachedRounds.push(
    await load(`${bench.base}/v1/shopping/offers`, { seconds: SECONDS / ROUNDS, method: 'POST', headers, body: best!.body }),
  );
}
const b = combine(bareRounds);
const c = combine(cachedRounds);
await bare.close();
await bench.close();
if (c.non2xx > 0) throw new Error(`cached search answered ${c.non2xx} non-2xx responses`);

printTable('Cached search vs a bare route with the same bytes (target: ratio >= 0.5)', [
  {
    offers: best!.offers,
    'body KB': Math.round(bytes.length / 1024),
    'bare req/s': b.requestsPerSecond,
    'cached req/s': c.requestsPerSecond,
    ratio: (c.requestsPerSecond / b.requestsPerSecond).toFixed(2),
    'bare p99 ms': b.p99Ms,
    'cached p99 ms': c.p99Ms,
  },
]);
