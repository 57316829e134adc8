/**
 * Stream latency: from the moment the airline's answer has reached the gateway (a pass-through
 * proxy in front of the test system marks it) to the moment the client reads the first `offers`
 * event. Target: p50 under 5 ms with a second process loading the other core (issue 19): samples
 * alternate in blocks between quiet and a busy neighbour (lib/busy-neighbour.ts); `BENCH_BUSY=0`
 * measures quiet only.
 *
 * Three processes, as in production: the test system, the gateway as `npm start` runs it, and
 * this one, holding the proxy and the client so that both timestamps come from one clock.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { alternating, loadAverage } from './lib/busy-neighbour.js';
import { printTable } from './lib/load.js';
import { aaTestSystemProcess, dateAhead, gatewayProcess, percentile } from './shopping-lib.js';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const ROUTES = [
  ['JFK', 'LAX'],
  ['DFW', 'ORD'],
  ['CLT', 'MIA'],
  ['PHX', 'PHL'],
] as const;
let answeredAt = 0;

/** Forwards to the test system and notes when the whole answer has been handed to the gateway. */
async function timingProxy(target: string): Promise<string> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const upstream = await request(`${target}${req.url}`, {
      method: 'POST',
      headers: req.headers as Record<string, string>,
      body: Buffer.concat(chunks),
    });
    const body = Buffer.from(await upstream.body.arrayBuffer());
    res.writeHead(upstream.statusCode, { 'content-type': 'application/xml', 'content-length': body.length });
    res.end(body, () => {
      answeredAt = performance.now();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const aa = await aaTestSystemProcess();
const bench = await gatewayProcess(await timingProxy(aa.url), { SEARCH_CACHE_TTL_SECONDS: '0' });
/** One streamed search: ms from the airline's answer reaching the gateway to the first offers event. */
async function sample(i: number): Promise<number> {
  const [origin, destination] = ROUTES[i % ROUTES.length]!;
  const res = await request(`${bench.base}/v1/shopping/offers/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': bench.key },
    body: JSON.stringify({ origin, destination, departure_date: dateAhead(10 + (i % 30)), adults: 1 }),
  });
  let firstOffers = 0;
  for await (const chunk of res.body) {
    if (!firstOffers && String(chunk).includes('event: offers')) firstOffers = performance.now();
  }
  if (!firstOffers) throw new Error('no offers event');
  return firstOffers - answeredAt;
}

const row = (neighbour: string, delays: number[]) => ({
  neighbour,
  samples: delays.length,
  'first batch p50 ms': percentile(delays, 50).toFixed(2),
  'p90 ms': percentile(delays, 90).toFixed(2),
  'max ms': Math.max(...delays).toFixed(2),
});

const { quiet, busy } = await alternating(SAMPLES, 10, sample);
const load = loadAverage();
await bench.close();
await aa.close();

const rows: Record<string, string | number>[] = [row('none', quiet)];
if (busy.length > 0) rows.push(row('busy core', busy));
printTable(
  `Stream: first offers event after the airline answered (target: p50 < 5 ms with a busy neighbour); load average ${load}`,
  rows,
);
