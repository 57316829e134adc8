/**
 * Uncached search: what the gateway adds to the airline's own time. Each sample is a pair: the
 * AirShopping the connector would send, posted straight to the test system, and the same search
 * through the gateway (cache off), one after the other, one at a time. Target: p50 of the
 * difference under 5 ms.
 */
import { request } from 'undici';
import { airShoppingRequest } from '../src/connectors/aa/air-shopping-request.js';
import { validateSearch } from '../src/shopping/search-validation.js';
import { printTable } from './lib/load.js';
import { dateAhead, percentile, shoppingBench, SUBSCRIPTION_KEY } from './shopping-lib.js';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 120);
const ROUTES = [
  ['JFK', 'LAX'],
  ['DFW', 'ORD'],
  ['CLT', 'MIA'],
  ['PHX', 'PHL'],
  ['LAX', 'DCA'],
  ['ORD', 'BOS'],
] as const;

// The test system runs in its own process: the gateway's CPU time per search is then read directly,
// a figure that the other load on a shared machine does not inflate the way wall time is.
const bench = await shoppingBench({ SEARCH_CACHE_TTL_SECONDS: '0' }, { separateTestSystem: true });
const seller = { orgId: 'FLIGHTAGG', name: 'Flight Aggregation Gateway' };
const direct: number[] = [];
const gateway: number[] = [];
const overhead: number[] = [];
const cpu: number[] = [];
let offers = 0;

for (let i = 0; i < SAMPLES + 10; i++) {
  const [origin, destination] = ROUTES[i % ROUTES.length]!;
  const body = { origin, destination, departure_date: dateAhead(10 + (i % 40)), adults: 1 };
  const { query } = validateSearch(body, new Date());
  const xml = airShoppingRequest(query, seller);

  let t = performance.now();
  const raw = await request(`${bench.aa.url}/ndc/21.3/AirShopping`, {
    method: 'POST',
    headers: { 'content-type': 'application/xml', 'ocp-apim-subscription-key': SUBSCRIPTION_KEY },
    body: xml,
  });
  await raw.body.text();
  const d = performance.now() - t;

  t = performance.now();
  const cpuBefore = process.cpuUsage();
  const res = await request(`${bench.base}/v1/shopping/offers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': bench.key },
    body: JSON.stringify(body),
  });
  const text = await res.body.text();
  const g = performance.now() - t;
  const used = process.cpuUsage(cpuBefore);
  if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}: ${text.slice(0, 200)}`);
  // The first rounds warm up JIT and the test system's validators.
  if (i < 10) continue;
  offers += (JSON.parse(text).offers ?? []).length;
  direct.push(d);
  gateway.push(g);
  overhead.push(g - d);
  cpu.push((used.user + used.system) / 1000);
}
await bench.close();

const ms = (v: number) => v.toFixed(2);
printTable("Uncached search: gateway time minus the test system's own time (target: p50 < 5 ms)", [
  {
    samples: overhead.length,
    'offers/answer': Math.round(offers / overhead.length),
    'test system p50 ms': ms(percentile(direct, 50)),
    'gateway p50 ms': ms(percentile(gateway, 50)),
    'overhead p50 ms': ms(percentile(overhead, 50)),
    'overhead p90 ms': ms(percentile(overhead, 90)),
    'gateway CPU p50 ms': ms(percentile(cpu, 50)),
  },
]);
