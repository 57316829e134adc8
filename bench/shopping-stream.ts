/**
 * Stream latency: from the moment the airline's answer has reached the gateway (a pass-through
 * proxy in front of the test system marks it) to the moment the client reads the first `offers`
 * event. Target: p50 under 5 ms with a second process loading the other core (issue 19): samples
 * alternate in blocks between quiet and a busy neighbour (lib/busy-neighbour.ts); `BENCH_BUSY=0`
 * measures quiet only.
 *
 * Three processes, as in production: the test system, the gateway as `npm start` runs it, and
 * this one, holding the proxy and the client so that both timestamps come from one clock.
 *
 * Then the first batch of the fastest source while another is slow (issue 49): a gateway asking AA
 * and VS (lib/gateway-server.mjs, the AA and VS test systems in a process of their own), VS behind a
 * proxy in this process that holds each request SLOW_MS (2 s) before passing it on; JFK-LHR, which
 * both sell, streamed. From the request to the first `offers` event, p50 over BENCH_SLOWED_SAMPLES
 * (default 15) searches, reported beside AA's whole answer reaching the gateway: the first batch
 * leaves while AA's answer is still being read (a one-way search's first offers go at once), so it
 * is timed from the request, not from AA's answer as above. A first batch that came after VS's
 * answer would mean the slowest source held it, and is counted.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { alternating, loadAverage } from './lib/busy-neighbour.js';
import { printTable } from './lib/load.js';
import { reportTarget } from './lib/targets.js';
import {
  aaTestSystemProcess,
  airlineTestSystemsProcess,
  dateAhead,
  GATEWAY_ONLY,
  gatewayProcess,
  percentile,
  VS_SUBSCRIPTION_KEY,
} from './shopping-lib.js';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const SLOWED_SAMPLES = Number(process.env.BENCH_SLOWED_SAMPLES ?? 15);
const SLOW_MS = 2_000;
const ROUTES = [
  ['JFK', 'LAX'],
  ['DFW', 'ORD'],
  ['CLT', 'MIA'],
  ['PHX', 'PHL'],
] as const;
let answeredAt = 0;

/**
 * Forwards to the test system and notes when the whole answer has been handed to the gateway;
 * with `holdMs`, holds each request that long first (a slow source), noting when it answered instead.
 */
async function timingProxy(target: string, holdMs = 0, onAnswered?: () => void): Promise<string> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
    const upstream = await request(`${target}${req.url}`, {
      method: 'POST',
      headers: req.headers as Record<string, string>,
      body: Buffer.concat(chunks),
    });
    const body = Buffer.from(await upstream.body.arrayBuffer());
    res.writeHead(upstream.statusCode, { 'content-type': 'application/xml', 'content-length': body.length });
    res.end(body, () => {
      if (onAnswered) onAnswered();
      else answeredAt = performance.now();
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

// The fastest source's first batch while another takes 2 s.
const systems = await airlineTestSystemsProcess();
let slowAnsweredAt = 0;
const slowed = await gatewayProcess(
  await timingProxy(systems.aa),
  {
    SEARCH_CACHE_TTL_SECONDS: '0',
    VS_TEST_URL: await timingProxy(systems.vs, SLOW_MS, () => (slowAnsweredAt = performance.now())),
    VS_TEST_SUBSCRIPTION_KEY: VS_SUBSCRIPTION_KEY,
  },
  { program: GATEWAY_ONLY },
);
const firstBatches: number[] = [];
const aaAnswers: number[] = [];
let heldBySlowest = 0;
try {
  for (let i = -2; i < SLOWED_SAMPLES; i++) {
    answeredAt = 0;
    slowAnsweredAt = 0;
    const startedAt = performance.now();
    const res = await request(`${slowed.base}/v1/shopping/offers/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': slowed.key },
      body: JSON.stringify({ origin: 'JFK', destination: 'LHR', departure_date: dateAhead(20 + ((i + 2) % 30)), adults: 1 }),
    });
    let firstOffers = 0;
    let text = '';
    for await (const chunk of res.body) {
      text += String(chunk);
      if (!firstOffers && text.includes('event: offers')) firstOffers = performance.now();
    }
    if (!firstOffers || !answeredAt) throw new Error(`no offers event from AA: ${text.slice(0, 200)}`);
    if (!text.includes('"airline":"VS"')) throw new Error('VS was not asked: the slowed source is not in the search');
    // The first two are warm-up.
    if (i < 0) continue;
    firstBatches.push(firstOffers - startedAt);
    aaAnswers.push(answeredAt - startedAt);
    if (slowAnsweredAt !== 0 && slowAnsweredAt < firstOffers) heldBySlowest++;
  }
} finally {
  await slowed.close();
  await systems.close();
}
const slowedP50 = percentile(firstBatches, 50);
printTable(`Stream: AA's first batch with VS held ${SLOW_MS} ms (JFK-LHR); load average ${loadAverage()}`, [
  {
    samples: firstBatches.length,
    'first batch p50 ms (from the request)': slowedP50.toFixed(2),
    "AA's answer in full p50 ms": percentile(aaAnswers, 50).toFixed(2),
    'p90 ms': percentile(firstBatches, 90).toFixed(2),
    'max ms': Math.max(...firstBatches).toFixed(2),
    'first batch after the slow source answered': heldBySlowest,
  },
]);
reportTarget({
  id: 'first-batch-slowed',
  figure: `${slowedP50.toFixed(2)} ms (p90 ${percentile(firstBatches, 90).toFixed(2)})`,
  verdict: 'reported',
  detail: `from the request to AA's first offers event (AA's answer in full at p50 ${percentile(aaAnswers, 50).toFixed(2)} ms), VS held ${SLOW_MS} ms; ${firstBatches.length} searches, ${heldBySlowest} held until VS answered`,
});
