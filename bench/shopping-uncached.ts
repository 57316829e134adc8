/**
 * Uncached search: what the gateway adds to the airline's own time. Each sample is a pair: the
 * AirShopping the connector would send, posted straight to the test system, and the same search
 * through the gateway (cache off), one after the other, one at a time. Target: p50 of the
 * difference under 5 ms with a second process loading the other core (issue 19).
 *
 * Three processes, as in production: the test system, the gateway as `npm start` runs it (compiled
 * when `npm run build` made dist/ from the current sources, else through tsx), and this one, the
 * client. The gateway's CPU per search is read from its own threads (lib/process-cpu.ts), so
 * nothing of the client (sending, reading the ~126 KB answer) is in it.
 *
 * Samples alternate in blocks between quiet and a busy neighbour (lib/busy-neighbour.ts) spinning on
 * the other core, each figure printed for both; `BENCH_BUSY=0` measures quiet only.
 */
import { request } from 'undici';
import { airShoppingRequest } from '../src/connectors/aa/air-shopping-request.js';
import { validateSearch } from '../src/shopping/search-validation.js';
import { alternating, loadAverage } from './lib/busy-neighbour.js';
import { printTable } from './lib/load.js';
import { processCpuSplitMs } from './lib/process-cpu.js';
import { aaTestSystemProcess, dateAhead, gatewayProcess, percentile, SUBSCRIPTION_KEY } from './shopping-lib.js';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 120);
// Searches before any is measured. V8 keeps compiling the search path for the first ~120 searches
// (measured 2026-11-27: its helper threads spent 11, 9, 4, then under 1 ms per search in blocks of
// 40), and that compile time lands in the gateway's CPU figure; 30 warm-ups measured a tier-up,
// not a gateway in service.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 150);
const ROUTES = [
  ['JFK', 'LAX'],
  ['DFW', 'ORD'],
  ['CLT', 'MIA'],
  ['PHX', 'PHL'],
  ['LAX', 'DCA'],
  ['ORD', 'BOS'],
] as const;

// CPU time per search is a figure that the other load on a shared machine does not inflate the way
// wall time is.
const aa = await aaTestSystemProcess();
const gateway = await gatewayProcess(aa.url, { SEARCH_CACHE_TTL_SECONDS: '0' });
const seller = { orgId: 'FLIGHTAGG', name: 'Flight Aggregation Gateway' };

interface Sample {
  direct: number;
  gateway: number;
  cpu: number;
  mainCpu: number;
  offers: number;
  /** Size of the airline's answer, in KB: the gateway's work grows with it. */
  answerKb: number;
}

/** One pair: the airline straight, then the same search through the gateway. */
async function sample(i: number): Promise<Sample> {
  const [origin, destination] = ROUTES[i % ROUTES.length]!;
  const body = { origin, destination, departure_date: dateAhead(10 + (i % 40)), adults: 1 };
  const { query } = validateSearch(body, new Date());
  const xml = airShoppingRequest(query, seller);

  let t = performance.now();
  const raw = await request(`${aa.url}/ndc/21.3/AirShopping`, {
    method: 'POST',
    headers: { 'content-type': 'application/xml', 'ocp-apim-subscription-key': SUBSCRIPTION_KEY },
    body: xml,
  });
  const answer = await raw.body.text();
  const direct = performance.now() - t;

  t = performance.now();
  const before = processCpuSplitMs(gateway.pid);
  const res = await request(`${gateway.base}/v1/shopping/offers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': gateway.key },
    body: JSON.stringify(body),
  });
  const text = await res.body.text();
  const through = performance.now() - t;
  const after = processCpuSplitMs(gateway.pid);
  if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}: ${text.slice(0, 200)}`);
  return {
    direct,
    gateway: through,
    cpu: after.all - before.all,
    mainCpu: after.main - before.main,
    offers: (JSON.parse(text).offers ?? []).length,
    answerKb: Buffer.byteLength(answer) / 1024,
  };
}

function row(neighbour: string, samples: Sample[]) {
  const ms = (v: number) => v.toFixed(2);
  const overhead = samples.map((s) => s.gateway - s.direct);
  return {
    neighbour,
    samples: samples.length,
    'offers/answer': Math.round(samples.reduce((n, s) => n + s.offers, 0) / samples.length),
    'answer KB': Math.round(samples.reduce((n, s) => n + s.answerKb, 0) / samples.length),
    'test system p50 ms': ms(
      percentile(
        samples.map((s) => s.direct),
        50,
      ),
    ),
    'gateway p50 ms': ms(
      percentile(
        samples.map((s) => s.gateway),
        50,
      ),
    ),
    'overhead p50 ms': ms(percentile(overhead, 50)),
    'overhead p90 ms': ms(percentile(overhead, 90)),
    'gateway CPU p50 ms': ms(
      percentile(
        samples.map((s) => s.cpu),
        50,
      ),
    ),
    'of it main thread p50 ms': ms(
      percentile(
        samples.map((s) => s.mainCpu),
        50,
      ),
    ),
  };
}

// The first rounds warm up JIT (see WARMUP) and the test system's validators.
const { quiet, busy } = await alternating(SAMPLES, WARMUP, sample);
const load = loadAverage();
await gateway.close();
await aa.close();

const rows: Record<string, string | number>[] = [row('none', quiet)];
if (busy.length > 0) rows.push(row('busy core', busy));
printTable(
  `Uncached search: gateway time minus the test system's own time (target: p50 < 5 ms with a busy neighbour); load average ${load}`,
  rows,
);
