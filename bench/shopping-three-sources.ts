/**
 * Three sources against one (issues 31, 46): the gateway's CPU per uncached search when it asks
 * AA, VS and Duffel, against the same gateway asking AA alone, and beside the difference what VS's
 * and Duffel's answers cost on their own. Target (issue 35, three sources since issue 46): the
 * three-source search costs no more than the one-airline search plus those two answers' own
 * exchange, read and mapping: `AA + VS + Duffel / (AA only + VS own + Duffel own)` at most 1, the
 * median of the rounds with its spread (lib/rounds.ts).
 *
 * Four processes: this one (the client), the AA, VS and Duffel test systems together in one
 * (lib/airline-test-systems-server.ts), and two gateways built the same way
 * (lib/gateway-server.mjs, compiled, with the start script's settings), one with VS_TEST_URL and
 * DUFFEL_TEST_URL and one without, so a test key's search asks the three sources in one and AA only
 * in the other. (`flightagg serve` cannot be the one-airline gateway: it runs an in-process test
 * system for every source whose <CODE>_TEST_URL is unset.) Each gateway's CPU per search is read
 * from its threads (lib/process-cpu.ts).
 *
 * The same search, JFK to LHR (AA and VS fly it; Duffel sells BA, Iberia and Duffel Airways on it)
 * for one adult, on a date that changes from search to search, with the search cache off. Searches
 * alternate between the two gateways, the one going first swapping every pair; rounds of
 * BENCH_SEARCHES pairs give the spread.
 *
 * An NDC airline's own cost, measured here in this process for each of the round's searches: the
 * client side of the AirShopping exchange with its test system (sending it, reading the answer as
 * text, as the connector's transport does), then reading and mapping that answer as the connector
 * does, signing its offer ids and writing them as the answer's JSON (offersJsonText). Duffel's own
 * cost: the Duffel connector itself in this process (its offer request and offer pages over its own
 * transport, mapping, signing), then writing its offers as JSON. Not in either: the fan-out's own
 * bookkeeping and the client's bigger answer on the wire, which are what the difference should show
 * if more sources cost more than their answers. The same for AA's answer shows what of the
 * one-connector gateway's CPU is not AA's answer.
 */
import { randomBytes } from 'node:crypto';
import { request } from 'undici';
import { DEFAULT_SELLER } from '../src/connectors/ndc/ndc-connector.js';
import type { NdcAirlineProfile } from '../src/connectors/ndc/ndc-airline-profile.js';
import { airShoppingRequest } from '../src/connectors/ndc/air-shopping-request.js';
import { parseXml, type Parsed } from '../src/connectors/ndc/ndc-xml.js';
import { readShoppingAnswer } from '../src/connectors/ndc/offer-responses.js';
import { AA_PROFILE } from '../src/connectors/aa/aa-profile.js';
import { createDuffelConnector } from '../src/connectors/duffel/duffel-connector.js';
import { VS_PROFILE } from '../src/connectors/vs/vs-profile.js';
import { createOfferIdAuthenticator } from '../src/connectors/offer-id-auth.js';
import { KEY_PURPOSES, Keyring } from '../src/platform/keyring/keyring.js';
import { offersJsonText } from '../src/shopping/offer-view.js';
import { validateSearch } from '../src/shopping/search-validation.js';
import { DUFFEL_TEST_DEVELOPMENT_TOKEN } from '../src/testsystem/duffel/server.js';
import { loadAverage } from './lib/busy-neighbour.js';
import { printTable } from './lib/load.js';
import { DEFAULT_ROUNDS, formatSpread, spreadOf, verdict } from './lib/rounds.js';
import { ratioResult, reportTarget } from './lib/targets.js';
import { processCpuMs } from './lib/process-cpu.js';
import {
  airlineTestSystemsProcess,
  dateAhead,
  GATEWAY_ONLY,
  gatewayProcess,
  percentile,
  SUBSCRIPTION_KEY,
  VS_SUBSCRIPTION_KEY,
  type GatewayProcess,
} from './shopping-lib.js';

const ROUNDS = DEFAULT_ROUNDS;
// Issue 35: a search of several sources costs no more than the one-airline search plus the other answers' own cost.
const TARGET = { atMost: 1 };
/** Searches per gateway per round. */
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 40);
// Searches per gateway before any is measured: V8 compiles the search path for the first ~120
// (shopping-uncached.ts).
const WARMUP = Number(process.env.BENCH_WARMUP ?? 150);
const ORIGIN = 'JFK';
const DESTINATION = 'LHR';
/** Departure dates cycle over this many days, so no two searches in a row are the same. */
const DATES = 40;

const systems = await airlineTestSystemsProcess();
const cacheOff = { SEARCH_CACHE_TTL_SECONDS: '0' };
const one = await gatewayProcess(systems.aa, { ...cacheOff, VS_TEST_URL: '', DUFFEL_TEST_URL: '' }, { program: GATEWAY_ONLY });
const three = await gatewayProcess(
  systems.aa,
  { ...cacheOff, VS_TEST_URL: systems.vs, VS_TEST_SUBSCRIPTION_KEY: VS_SUBSCRIPTION_KEY, DUFFEL_TEST_URL: systems.duffel },
  { program: GATEWAY_ONLY },
);

const searchBody = (i: number) => ({
  origin: ORIGIN,
  destination: DESTINATION,
  departure_date: dateAhead(10 + (i % DATES)),
  adults: 1,
});

interface Answer {
  offers: unknown[] | null;
  connectors: { airline: string; status: string; offers: number }[];
}

/** One search through a gateway: its CPU (every thread) and who answered with how many offers. */
async function search(gateway: GatewayProcess, i: number) {
  const before = processCpuMs(gateway.pid);
  const res = await request(`${gateway.base}/v1/shopping/offers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': gateway.key },
    body: JSON.stringify(searchBody(i)),
  });
  const text = await res.body.text();
  const cpu = processCpuMs(gateway.pid) - before;
  if (res.statusCode !== 200) throw new Error(`${gateway.base} answered ${res.statusCode}: ${text.slice(0, 200)}`);
  const answer = JSON.parse(text) as Answer;
  const offersOf = (code: string) => answer.connectors.find((c) => c.airline === code && c.status === 'answered')?.offers;
  return {
    cpu,
    sources: answer.connectors.map((c) => c.airline).join('+'),
    aa: offersOf('AA'),
    vs: offersOf('VS'),
    duffel: offersOf('DUFFEL'),
  };
}

// Offer ids are signed as the gateway signs them (an HMAC per offer), under a throwaway keyring.
const offerIds = createOfferIdAuthenticator(
  Keyring.parse(KEY_PURPOSES.map((p) => `${p}-1:${p}:${randomBytes(32).toString('base64')}`).join(',')),
);
const cpuNowMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * An airline's answer to search `i`, in this process, as the gateway's connector handles it: the
 * exchange (client side), then reading, mapping, signing and writing its offers as JSON. CPU of
 * this process (every thread), in ms, and the offers.
 */
async function ownCost(profile: NdcAirlineProfile, url: string, key: string, i: number) {
  const { query } = validateSearch(searchBody(i), new Date());
  const xml = airShoppingRequest(query, DEFAULT_SELLER);
  const start = cpuNowMs();
  const res = await request(`${url}/ndc/21.3/AirShopping`, {
    method: 'POST',
    headers: { 'content-type': 'application/xml; charset=utf-8', accept: 'application/xml', 'ocp-apim-subscription-key': key },
    body: xml,
  });
  const answer = await res.body.text();
  const exchanged = cpuNowMs();
  const reading = readShoppingAnswer(query, profile);
  const offers = reading.offers(parseXml(answer, reading.options).IATA_AirShoppingRS as Parsed);
  for (const offer of offers) offer.offerId = offerIds.sign(offer.offerId);
  offersJsonText(offers);
  const done = cpuNowMs();
  return { exchange: exchanged - start, readMap: done - exchanged, offers: offers.length };
}

const aaOwn = (i: number) => ownCost(AA_PROFILE, systems.aa, SUBSCRIPTION_KEY, i);
const vsOwn = (i: number) => ownCost(VS_PROFILE, systems.vs, VS_SUBSCRIPTION_KEY, i);

// The gateway's own Duffel connector, with the gateway's default search budget (SEARCH_TIMEOUT_MS).
const duffel = createDuffelConnector({
  test: { baseUrl: systems.duffel, token: DUFFEL_TEST_DEVELOPMENT_TOKEN },
  live: null,
  searchTimeoutMs: 12_000,
  offerIds,
});

/** Duffel's answer to search `i` in this process: the connector's search (exchanges, mapping, signing), then its offers as JSON. */
async function duffelOwn(i: number) {
  const { query } = validateSearch(searchBody(i), new Date());
  const start = cpuNowMs();
  const result = await duffel.search(query, { environment: 'test' });
  if (!result.ok || !result.value) throw new Error(`Duffel's own search failed: ${JSON.stringify(result)}`);
  offersJsonText(result.value);
  return { cost: cpuNowMs() - start, offers: result.value.length };
}

interface Round {
  one: number;
  three: number;
  aaOwn: number;
  vsOwn: number;
  duffelOwn: number;
  vsExchange: number;
  vsReadMap: number;
  aaOffers: number;
  vsOffers: number;
  duffelOffers: number;
}

const p50 = (values: number[]) => percentile(values, 50);

/** One round: SEARCHES pairs of searches, alternating which gateway goes first, then each source's own cost. */
async function round(first: number): Promise<Round> {
  const ones: number[] = [];
  const threes: number[] = [];
  const vs: number[] = [];
  const sold: number[] = [];
  for (let k = 0; k < SEARCHES; k++) {
    const i = first + k;
    const order = k % 2 === 0 ? [one, three] : [three, one];
    for (const gateway of order) {
      const s = await search(gateway, i);
      if (gateway === one) {
        if (s.sources !== 'AA') throw new Error(`the one-connector gateway asked ${s.sources}`);
        ones.push(s.cpu);
      } else {
        // A source that did not answer (or had no offer) would make the difference nothing of its answer.
        if (s.sources !== 'AA+VS+DUFFEL' || !s.vs || !s.duffel)
          throw new Error(`the three-source gateway: ${s.sources}, VS offers ${s.vs}, Duffel offers ${s.duffel}`);
        threes.push(s.cpu);
        vs.push(s.vs);
        sold.push(s.duffel);
      }
    }
  }
  const aa = [];
  const vsCosts = [];
  const duffelCosts = [];
  for (let k = 0; k < SEARCHES; k++) {
    aa.push(await aaOwn(first + k));
    vsCosts.push(await vsOwn(first + k));
    duffelCosts.push(await duffelOwn(first + k));
  }
  return {
    one: p50(ones),
    three: p50(threes),
    aaOwn: p50(aa.map((c) => c.exchange + c.readMap)),
    vsOwn: p50(vsCosts.map((c) => c.exchange + c.readMap)),
    duffelOwn: p50(duffelCosts.map((c) => c.cost)),
    vsExchange: p50(vsCosts.map((c) => c.exchange)),
    vsReadMap: p50(vsCosts.map((c) => c.readMap)),
    aaOffers: p50(aa.map((c) => c.offers)),
    vsOffers: p50(vs),
    duffelOffers: p50(sold),
  };
}

// Warm-up: both gateways, and this process's own reading and mapping, past JIT tier-up.
for (let i = 0; i < WARMUP; i++) {
  await search(one, i);
  await search(three, i);
  await aaOwn(i);
  await vsOwn(i);
  await duffelOwn(i);
}
const rounds: Round[] = [];
for (let r = 0; r < ROUNDS; r++) rounds.push(await round(WARMUP + r * SEARCHES));
const load = loadAverage();
await one.close();
await three.close();
await duffel.close();
await systems.close();

const ms = (v: number) => v.toFixed(2);
const added = (r: Round) => r.three - r.one;
const othersOwn = (r: Round) => r.vsOwn + r.duffelOwn;
const beyond = (r: Round) => added(r) - othersOwn(r);
/** What the target compares: the three-source search's CPU over the one-airline search's plus VS's and Duffel's answers' own. */
const ratio = (r: Round) => r.three / (r.one + othersOwn(r));
const spread = (f: (r: Round) => number) => formatSpread(spreadOf(rounds.map(f)));

printTable(
  `Per round (${SEARCHES} searches per gateway, ${ORIGIN}-${DESTINATION}, CPU p50 per search in ms)`,
  rounds.map((r, i) => ({
    round: i + 1,
    'AA only': ms(r.one),
    'AA + VS + Duffel': ms(r.three),
    added: ms(added(r)),
    'VS own (exchange + read/map)': `${ms(r.vsOwn)} (${ms(r.vsExchange)} + ${ms(r.vsReadMap)})`,
    'Duffel own': ms(r.duffelOwn),
    'added beyond VS + Duffel own': ms(beyond(r)),
    'AA own': ms(r.aaOwn),
    'offers AA / VS / Duffel': `${r.aaOffers} / ${r.vsOffers} / ${r.duffelOffers}`,
  })),
);
const ratios = spreadOf(rounds.map(ratio));
reportTarget(
  ratioResult(
    'three-sources-cpu',
    ratios,
    TARGET,
    `${spread((r) => r.three)} against ${spread((r) => r.one)} + ${spread((r) => r.vsOwn)} + ${spread((r) => r.duffelOwn)} ms`,
  ),
);
printTable(`Three sources against one: gateway CPU per search, median of ${ROUNDS} rounds (spread); load average ${load}`, [
  {
    'AA only': spread((r) => r.one),
    'AA + VS + Duffel': spread((r) => r.three),
    added: spread(added),
    'VS own': spread((r) => r.vsOwn),
    'Duffel own': spread((r) => r.duffelOwn),
    'added beyond VS + Duffel own': spread(beyond),
    'AA only less AA own': spread((r) => r.one - r.aaOwn),
    'AA + VS + Duffel / (AA only + VS own + Duffel own)': formatSpread(ratios),
    [`verdict (<= ${TARGET.atMost})`]: verdict(ratios, TARGET),
  },
]);
