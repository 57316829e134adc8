/**
 * The whole service under a realistic mix (issue 35): 70 % aviation reads (airport by code, 100 km
 * radius, airline), 20 % searches (60 % of them answered from the cache, 40 % a route and date not
 * asked before), 8 % order reads, 2 % bookings (holds of offers priced beforehand), 10 connections,
 * for BENCH_MIXED_SECONDS (default 30). The gateway runs as `npm start` starts it
 * (lib/start-command.ts), in a process of its own; the airlines' test systems run in another, so
 * neither their answers nor the load generator are in the gateway's figures.
 *
 * Three setups, one after another (BENCH_MIXED_SETUPS, a comma list, picks some):
 *  - pglite: embedded storage in a fresh data directory, the AA and VS test systems together in one
 *    process (lib/airline-test-systems-server.ts);
 *  - postgres: the same on a scratch PostgreSQL database (BENCH_DATABASE_URL's server) and a
 *    private Redis;
 *  - haproxy: two gateways on those behind HAProxy (tools/cluster/harness.ts, as bench/cluster.ts
 *    starts them), which runs each airline's test system in a process of its own with its bookings
 *    in the database.
 * Each starts on storage holding the full aviation data (../shared/data) and a demo agency's test
 * key, both made with the operator CLI before any gateway starts.
 *
 * Per setup:
 *  - RSS 15 s after each gateway started, before any request (later when its setup took longer:
 *    the output says when, and when its aviation data first answered);
 *  - the mix: requests/s, p50 and p99 per class, every answer counted in its own request's class
 *    with its status (searches: whether it came from the cache), and the gateways' CPU per request
 *    over the whole mix (every thread, lib/process-cpu.ts), a fresh gateway warming up included;
 *  - BENCH_IDLE_SECONDS (default 30) idle, then RSS, its peak since start (VmHWM) and the CPU per
 *    second spent idle. With the defaults on embedded storage these are the memory targets'
 *    figures: < 250 MB 15 s after start, < 300 MB after 30 s of the mix and 30 s idle;
 *  - each class alone for a bounded number of requests, after half as many not counted: the
 *    gateways' own CPU per request (behind HAProxy, both instances' summed), background included.
 * A run with refusals or unattributed answers says so and is not a measurement.
 *
 *   npx tsx bench/mixed.ts
 *   BENCH_MIXED_SETUPS=pglite BENCH_MIXED_SECONDS=5 BENCH_IDLE_SECONDS=2 npx tsx bench/mixed.ts
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { request } from 'undici';
import { Keyring } from '../src/platform/keyring/keyring.js';
import { haproxyAvailable, startCluster } from '../tools/cluster/harness.js';
import { sleep } from '../tools/cluster/processes.js';
import { scratchDatabase } from './lib/bench-platform.js';
import { loadAverage } from './lib/busy-neighbour.js';
import { privateRedis, processMemoryMb } from './lib/cluster-counters.js';
import { printTable } from './lib/load.js';
import { processCpuMs } from './lib/process-cpu.js';
import { startCommand } from './lib/start-command.js';
import {
  airlineTestSystemsProcess,
  dateAhead,
  gatewayProcess,
  percentile,
  seedStorage,
  VS_SUBSCRIPTION_KEY,
  type SharedStorage,
} from './shopping-lib.js';

const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 30);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
/** The standard workload of the memory target: 30 s of this mix, then 30 s idle. */
const STANDARD = SECONDS === 30 && IDLE_SECONDS === 30;
const CONNECTIONS = 10;
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATA = path.resolve(import.meta.dirname, '../../shared/data');
/** Where the memory targets are read: RSS this long after the gateway started. */
const EARLY_MS = 15_000;
const TARGET_EARLY_MB = 250;
const TARGET_AFTER_MB = 300;

const SETUPS = ['pglite', 'postgres', 'haproxy'] as const;
type Setup = (typeof SETUPS)[number];
const LABELS: Record<Setup, string> = {
  pglite: 'embedded storage (PGlite), one gateway',
  postgres: 'PostgreSQL + Redis, one gateway',
  haproxy: 'PostgreSQL + Redis, two gateways behind HAProxy',
};

type Kind = 'aviation' | 'search-hit' | 'search-miss' | 'order-read' | 'booking';
/** Each class: its share of the mix, and how many requests it is sent alone for its CPU figure. */
const CLASSES: { kind: Kind; share: number; alone: number }[] = [
  { kind: 'aviation', share: 0.7, alone: 2_000 },
  { kind: 'search-hit', share: 0.12, alone: 500 },
  { kind: 'search-miss', share: 0.08, alone: 150 },
  { kind: 'order-read', share: 0.08, alone: 1_000 },
  { kind: 'booking', share: 0.02, alone: 40 },
];
const pick = (): Kind => {
  let r = Math.random();
  for (const { kind, share } of CLASSES) if ((r -= share) < 0) return kind;
  return 'aviation';
};
/**
 * Offers priced for the mix's bookings: 2 % of 400 req/s, above any rate this mix has reached on
 * these machines (361 req/s with the gateway in the bench's own process); the booking class alone
 * has its own. A mix that draws more bookings than were priced sends the rest as order reads,
 * counted as such, and says how many.
 */
const PRICED_FOR_MIX = Math.ceil(0.02 * 400 * SECONDS);
/**
 * Offers priced from each search: many, so few searches are made for them. Each search's answer
 * stays in the search cache, which on embedded storage is the gateway's own memory: the memory
 * after the mix should be the mix's, not the setup's.
 */
const PRICED_PER_SEARCH = 20;

// Hub to hub: AA flies each non-stop (src/testsystem/aa/network/airports-data.ts).
const ROUTES = [
  ['JFK', 'LAX'],
  ['DFW', 'ORD'],
  ['CLT', 'MIA'],
  ['ORD', 'LAX'],
  ['PHL', 'DFW'],
  ['LAX', 'JFK'],
  ['MIA', 'CLT'],
  ['DFW', 'PHL'],
  ['DFW', 'MIA'],
  ['CLT', 'ORD'],
  ['PHX', 'DFW'],
  ['LAX', 'ORD'],
  ['MIA', 'DFW'],
  ['ORD', 'CLT'],
  ['JFK', 'MIA'],
  ['DCA', 'DFW'],
] as const;
/** Search `i`: a route, and a date a day later every time the routes come round. */
const searchBody = (i: number) => {
  const [origin, destination] = ROUTES[i % ROUTES.length]!;
  return { origin, destination, departure_date: dateAhead(10 + Math.floor(i / ROUTES.length)), adults: 1 };
};
/** The searches kept in the cache; misses are the searches after them. */
const HOT = 8;
/** The searches whose offers are priced for bookings: 250 days ahead, far beyond the misses. */
const PRICED_FROM = 250 * ROUTES.length;

const AIRPORTS = ['JFK', 'LHR', 'MUC', 'SFO', 'NRT', 'CDG', 'SYD', 'GRU', 'DXB', 'ORD'];
const CENTRES: [number, number][] = [
  [40.64, -73.78],
  [51.47, -0.45],
  [48.35, 11.78],
  [37.62, -122.38],
  [35.77, 140.39],
  [-33.95, 151.18],
];
const AIRLINES = ['AA', 'BA', 'LH', 'AF', 'DL', 'UA'];

/** What the gateways of every setup get besides the start script's settings. */
const GATEWAY_ENV = {
  MONITORING_INTERVAL_SECONDS: '0',
  // The bench searches far more often than a seller may; the limit itself is not what it measures.
  SEARCH_RATE_LIMIT_PER_MINUTE: '100000',
  // The free plan's allowance (1,000 requests) would refuse most of the run.
  FREE_ALLOWANCE_REQUESTS: '100000000',
  // The hot searches must stay cached through the setup and the whole run.
  SEARCH_CACHE_TTL_SECONDS: '3600',
};

interface EarlyReading {
  /** When it was read, in ms after the gateway's start. */
  atMs: number;
  rss: number;
}

interface Gateway {
  pid: number;
  /** When its process was spawned (Date.now()). */
  startedAt: number;
  /** The gateway itself, not the balancer. */
  url: string;
  /** Its RSS 15 s after its start. */
  early: Promise<EarlyReading>;
}

/** A process's RSS 15 s after its start, or at once when that has passed (then later than 15 s). */
async function earlyRss(pid: number, startedAt: number): Promise<EarlyReading> {
  await sleep(startedAt + EARLY_MS - Date.now());
  return { atMs: Date.now() - startedAt, rss: processMemoryMb(pid).rss };
}

const began = Date.now();
/** A line on stderr saying where a run of several minutes is. */
const progress = (message: string) => console.error(`[mixed ${Math.round((Date.now() - began) / 1000)} s] ${message}`);

/** A setup running: where the load goes (the gateway, or HAProxy in front of two), and the gateways behind it. */
interface Service {
  base: string;
  key: string;
  gateways: Gateway[];
  /** What to read its figures with. */
  notes: string[];
}

/** What a setup started, closed last first; also when the setup fails half-way. */
class Opened {
  private readonly closers: (() => Promise<unknown>)[] = [];
  add<T>(thing: T, close: (thing: T) => Promise<unknown>): T {
    this.closers.push(() => close(thing));
    return thing;
  }
  async closeAll(): Promise<void> {
    for (const close of this.closers.reverse()) await close().catch((err: Error) => console.error(`closing: ${err.message}`));
  }
}

/** One gateway as `npm start` starts it, the airlines' test systems in a process of their own. */
async function singleGateway(opened: Opened, shared?: SharedStorage): Promise<Service> {
  const airlines = opened.add(await airlineTestSystemsProcess(), (a) => a.close());
  let early: Promise<EarlyReading> | undefined;
  const gateway = opened.add(
    await gatewayProcess(
      airlines.aa,
      { ...GATEWAY_ENV, VS_TEST_URL: airlines.vs, VS_TEST_SUBSCRIPTION_KEY: VS_SUBSCRIPTION_KEY },
      { aviationFrom: DATA, shared, onSpawn: (pid, startedAt) => (early = earlyRss(pid, startedAt)) },
    ),
    (g) => g.close(),
  );
  return {
    base: gateway.base,
    key: gateway.key,
    gateways: [{ pid: gateway.pid, startedAt: gateway.startedAt, url: gateway.base, early: early! }],
    notes: ['started as npm start starts it; the AA and VS test systems together in one process (bookings in memory)'],
  };
}

/** A scratch database on BENCH_DATABASE_URL's server and a private Redis, both gone when the setup closes. */
async function sharedStorage(opened: Opened): Promise<SharedStorage> {
  const scratch = opened.add(await scratchDatabase(PG_SERVER), (s) => s.drop());
  const redis = opened.add(await privateRedis(), async (r) => r.child.kill('SIGKILL'));
  return { databaseUrl: scratch.url, redisUrl: redis.url, keyring: Keyring.generateText() };
}

/**
 * Two gateways behind HAProxy (tools/cluster/harness.ts), on storage seeded before they start. The
 * harness runs `flightagg serve`; it is given the start script's node flags and environment, and
 * the notes say whether that is all the start script runs.
 */
async function cluster(opened: Opened): Promise<Service> {
  const storage = await sharedStorage(opened);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-bench-mixed-'));
  const key = await seedStorage(
    { ...process.env, DATA_DIR: dataDir, DATABASE_URL: storage.databaseUrl, REDIS_URL: '', KEYRING: storage.keyring },
    DATA,
  ).finally(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const start = startCommand();
  const c = opened.add(
    await startCluster({
      instances: 2,
      ...storage,
      gatewayNodeArgs: start.nodeArgs,
      // The harness logs at warn; npm start at LOG_LEVEL's default, info (an access line per request).
      env: { ...start.env, ...GATEWAY_ENV, LOG_LEVEL: process.env.LOG_LEVEL || 'info' },
    }),
    (started) => started.stop(),
  );
  const asStarted = start.args.join(' ') === 'bin/flightagg.js serve';
  return {
    base: c.url,
    key,
    gateways: c.instances.map((i) => ({ pid: i.pid, startedAt: i.startedAt, url: i.url, early: earlyRss(i.pid, i.startedAt) })),
    notes: [
      asStarted
        ? `gateways started as npm start starts them (${[...start.nodeArgs, ...start.args].join(' ')}, the start script's environment)`
        : `gateways NOT started as npm start: the start script runs ${start.args.join(' ')}, the harness flightagg serve`,
      "their logs go to the harness (a pipe read by this process), not /dev/null; each airline's test system in a process of its own, its bookings in PostgreSQL",
    ],
  };
}

/** Null when the setup can run here, else the one-line reason it is skipped. */
function missing(setup: Setup): string | null {
  if (setup === 'pglite') return null;
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) return 'no redis-server binary';
  return setup === 'haproxy' ? haproxyAvailable() : null;
}

async function startSetup(setup: Setup, opened: Opened): Promise<Service> {
  switch (setup) {
    case 'pglite':
      return singleGateway(opened);
    case 'postgres':
      return singleGateway(opened, await sharedStorage(opened));
    case 'haproxy':
      return cluster(opened);
  }
}

interface Sent {
  kind: Kind;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

/** Letters for a number: a, b, ..., z, aa, ab, ... */
const letters = (i: number): string => (i < 26 ? '' : letters(Math.floor(i / 26) - 1)) + String.fromCharCode(97 + (i % 26));

/**
 * One setup's requests: the searches kept in the cache, the offers priced for bookings and the
 * orders to read, made through the service first; then each next request of a class.
 */
class Workload {
  private readonly priced: string[] = [];
  private readonly orderIds: string[] = [];
  private nextMiss = HOT;
  private travellers = 0;
  private n = 0;
  /** Booking draws sent as order reads because the priced offers had run out. */
  bookingsShort = 0;

  constructor(private readonly service: Service) {}

  /** A setup request. A 503 (a dependency slow on the busy machine) is asked again, at most 5 times. */
  async call(method: 'GET' | 'POST', url: string, body?: unknown, extra: Record<string, string> = {}) {
    for (let attempt = 1; ; attempt++) {
      const res = await request(this.service.base + url, {
        method,
        headers: { 'content-type': 'application/json', 'x-api-key': this.service.key, ...extra },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.body.text();
      if (res.statusCode === 503 && attempt < 5) {
        console.error(`setup ${method} ${url}: 503, asked again (${text.slice(0, 120)})`);
        await sleep(1_000);
        continue;
      }
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${text.slice(0, 200)}`);
      return JSON.parse(text);
    }
  }

  /** Offers priced for the bookings, and ten orders booked to read. */
  async prepare(): Promise<void> {
    const bookings = PRICED_FOR_MIX + Math.ceil(1.5 * CLASSES.find((c) => c.kind === 'booking')!.alone);
    // Four searches at a time: the airline's answers, not the gateway, set the pace here.
    for (let i = PRICED_FROM; this.priced.length < bookings + 10; i += 4) {
      await Promise.all([0, 1, 2, 3].map((k) => this.priceOffers(i + k)));
    }
    for (let i = 0; i < 10; i++) {
      const order = await this.call('POST', '/v1/orders', this.booking(this.priced.pop()!), {
        'idempotency-key': `mixed-pre-${i}-${Date.now()}`,
      });
      this.orderIds.push(order.order_id);
    }
  }

  /** Asks the hot searches, so the cache holds them; just before the mix, so their entries are fresh. */
  async cacheHot(): Promise<void> {
    for (let i = 0; i < HOT; i++) await this.call('POST', '/v1/shopping/offers', searchBody(i));
  }

  private async priceOffers(search: number): Promise<void> {
    const answer = await this.call('POST', '/v1/shopping/offers', searchBody(search));
    for (const offer of (answer.offers ?? []).slice(0, PRICED_PER_SEARCH)) {
      const price = await this.call('POST', '/v1/offers/price', { offer_id: offer.offer_id });
      this.priced.push(price.offer_id);
    }
  }

  /** A different traveller each time: the same passengers on the same flights are refused (409). */
  private booking(offerId: string) {
    return {
      offer_id: offerId,
      passengers: [
        {
          given_name: `Ada${letters(this.travellers++)}`,
          family_name: 'Lovelace',
          born_on: '1985-12-10',
          email: 'ada@example.com',
        },
      ],
      payment: { type: 'hold' },
    };
  }

  next(kind: Kind): Sent {
    const n = this.n++;
    switch (kind) {
      case 'aviation': {
        if (n % 3 === 0) return { kind, method: 'GET', path: `/v1/aviation/airports/${AIRPORTS[n % AIRPORTS.length]}` };
        if (n % 3 === 1) {
          const [lat, lon] = CENTRES[n % CENTRES.length]!;
          return { kind, method: 'GET', path: `/v1/aviation/airports?lat=${lat}&lon=${lon}&radius_km=100` };
        }
        return { kind, method: 'GET', path: `/v1/aviation/airlines/${AIRLINES[n % AIRLINES.length]}` };
      }
      case 'search-hit':
        return { kind, method: 'POST', path: '/v1/shopping/offers', body: JSON.stringify(searchBody(n % HOT)) };
      case 'search-miss':
        return { kind, method: 'POST', path: '/v1/shopping/offers', body: JSON.stringify(searchBody(this.nextMiss++)) };
      case 'order-read':
        return { kind, method: 'GET', path: `/v1/orders/${encodeURIComponent(this.orderIds[n % this.orderIds.length]!)}` };
      case 'booking': {
        const offer = this.priced.pop();
        if (!offer) {
          this.bookingsShort++;
          return this.next('order-read');
        }
        return {
          kind,
          method: 'POST',
          path: '/v1/orders',
          body: JSON.stringify(this.booking(offer)),
          headers: { 'idempotency-key': `mixed-${n}-${Date.now()}` },
        };
      }
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

interface LoadRun {
  seconds: number;
  tally: Map<Kind, ClassTally>;
  /** Answers counted in a class. */
  attributed: number;
  /** The gateways' CPU over the run, every thread of every gateway process, in ms. */
  cpuMs: number;
  result: autocannon.Result;
}

const gatewaysCpuMs = (service: Service) => service.gateways.reduce((sum, g) => sum + processCpuMs(g.pid), 0);

/**
 * Sends `draw`'s classes for `seconds`, or `amount` requests, and counts each answer in the class
 * of its own request: autocannon answers a connection's requests in order and keeps one context
 * per request.
 */
async function runLoad(
  service: Service,
  workload: Workload,
  draw: () => Kind,
  bound: { duration: number } | { amount: number },
): Promise<LoadRun> {
  const tally = new Map<Kind, ClassTally>(
    CLASSES.map(({ kind }) => [kind, { latencies: [], statuses: new Map(), cached: 0, refusals: new Map() }]),
  );
  const cpuBefore = gatewaysCpuMs(service);
  const started = performance.now();
  let finished!: (result: autocannon.Result) => void;
  const done = new Promise<autocannon.Result>((resolve) => (finished = resolve));
  const instance = autocannon(
    {
      url: service.base,
      connections: CONNECTIONS,
      ...bound,
      requests: [
        {
          setupRequest: (req, context) => {
            const sent = workload.next(draw());
            (context as Record<string, unknown>).kind = sent.kind;
            // A fresh header object per request: autocannon writes Content-Length into the one it is
            // given, and a shared one made later GETs announce a body they do not send (the server
            // then read the next request as that body: 400 malformed_request, answers lost).
            const own: Record<string, string> = { 'x-api-key': service.key, ...sent.headers };
            if (sent.body !== undefined) own['content-type'] = 'application/json';
            return { ...req, method: sent.method, path: sent.path, body: sent.body, headers: own } as typeof req;
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
  const cpuMs = gatewaysCpuMs(service) - cpuBefore;
  const attributed = [...tally.values()].reduce((sum, t) => sum + t.latencies.length, 0);
  return { seconds, tally, attributed, cpuMs, result };
}

/** What makes a run not a measurement: refusals, answers not counted in a class, client errors. */
function flaws(run: LoadRun): string[] {
  const r = run.result;
  const found: string[] = [];
  const refused = [...run.tally.values()].reduce(
    (sum, t) => sum + [...t.statuses].filter(([status]) => status >= 300).reduce((s, [, count]) => s + count, 0),
    0,
  );
  if (refused > 0) found.push(`${refused} refusals`);
  if (run.attributed !== r.requests.total) found.push(`${r.requests.total - run.attributed} answers not attributed`);
  if (r.errors + r.timeouts + r.resets > 0) found.push(`${r.errors} errors, ${r.timeouts} timeouts, ${r.resets} resets`);
  return found;
}

/** Resolves with the moment (Date.now()) a gateway answers aviation reads: the data loads in the background at start. */
async function aviationAnswering(gateway: Gateway, key: string): Promise<number> {
  let status = 0;
  for (let i = 0; i < 600; i++) {
    const res = await request(`${gateway.url}/v1/aviation/airports/JFK`, { headers: { 'x-api-key': key } });
    await res.body.text();
    status = res.statusCode;
    if (status === 200) return Date.now();
    await sleep(200);
  }
  throw new Error(`aviation reads still answer ${status} after two minutes`);
}

interface Memory {
  pid: number;
  /** Seconds after its start at which `early` was read: 15, or later when the setup took longer. */
  earlyAtS: number;
  early: number;
  /** Seconds after its start at which its aviation data answered. */
  aviationAtS: number;
  after: number;
  peak: number;
}

interface Outcome {
  setup: Setup;
  mix: LoadRun;
  alone: Map<Kind, LoadRun>;
  memory: Memory[];
  idleCpuMsPerS: number;
  bookingsShort: number;
  flaws: string[];
  load: string;
}

async function measure(setup: Setup, service: Service): Promise<Outcome> {
  const [aviationAt, early] = await Promise.all([
    Promise.all(service.gateways.map((g) => aviationAnswering(g, service.key))),
    Promise.all(service.gateways.map((g) => g.early)),
  ]);
  progress(`${setup}: aviation data answering; preparing the searches, offers and orders`);

  const workload = new Workload(service);
  await workload.prepare();
  await workload.cacheHot();
  progress(`${setup}: the mix, ${SECONDS} s`);
  const mix = await runLoad(service, workload, pick, { duration: SECONDS });
  const load = loadAverage();
  const mixShort = workload.bookingsShort;

  progress(`${setup}: idle, ${IDLE_SECONDS} s`);
  const idleBefore = gatewaysCpuMs(service);
  await sleep(IDLE_SECONDS * 1_000);
  const idleCpuMsPerS = (gatewaysCpuMs(service) - idleBefore) / IDLE_SECONDS;
  const memory = service.gateways.map((g, i) => {
    const now = processMemoryMb(g.pid);
    return {
      pid: g.pid,
      earlyAtS: early[i]!.atMs / 1000,
      early: early[i]!.rss,
      aviationAtS: (aviationAt[i]! - g.startedAt) / 1000,
      after: now.rss,
      peak: now.peak,
    };
  });

  progress(`${setup}: each class alone`);
  const alone = new Map<Kind, LoadRun>();
  for (const { kind, alone: amount } of CLASSES) {
    // Half as many first, not counted: V8 still compiles a path for its first hundred or so
    // requests (shopping-uncached.ts), and the mix may have sent a class only a few.
    await runLoad(service, workload, () => kind, { amount: Math.ceil(amount / 2) });
    alone.set(kind, await runLoad(service, workload, () => kind, { amount }));
  }
  const found = flaws(mix).map((f) => `mix: ${f}`);
  for (const [kind, run] of alone) found.push(...flaws(run).map((f) => `${kind} alone: ${f}`));
  const aloneShort = workload.bookingsShort - mixShort;
  if (aloneShort > 0) found.push(`booking alone: ${aloneShort} sent as order reads, the priced offers gone`);
  return { setup, mix, alone, memory, idleCpuMsPerS, bookingsShort: mixShort, flaws: found, load };
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;
const p = (values: number[], at: number) => (values.length ? round1(percentile(values, at)) : '-');
const statuses = (counts: Map<number, number>) => [...counts].map(([status, count]) => `${status}x${count}`).join(' ');

/** The first answer of each refused status, by class: why a run is not a measurement. */
function printRefusals(run: LoadRun, label: string): void {
  for (const [kind, t] of run.tally)
    for (const [status, body] of t.refusals) console.log(`  refused ${label}, ${kind} ${status}: ${body}`);
}

function report(o: Outcome, notes: string[]): void {
  const { mix } = o;
  const rows: Record<string, string | number>[] = CLASSES.map(({ kind }) => {
    const t = mix.tally.get(kind)!;
    const alone = o.alone.get(kind)!;
    const searches = kind === 'search-hit' || kind === 'search-miss';
    return {
      class: kind,
      answers: t.latencies.length,
      statuses: statuses(t.statuses),
      cached: searches ? t.cached : '',
      'req/s': Math.round(t.latencies.length / mix.seconds),
      'p50 ms': p(t.latencies, 50),
      'p99 ms': p(t.latencies, 99),
      'alone: requests': alone.attributed,
      'CPU ms/req': (alone.cpuMs / Math.max(1, alone.attributed)).toFixed(2),
    };
  });
  const all = [...mix.tally.values()].flatMap((t) => t.latencies);
  const allStatuses = new Map<number, number>();
  for (const t of mix.tally.values()) for (const [s, c] of t.statuses) allStatuses.set(s, (allStatuses.get(s) ?? 0) + c);
  rows.push({
    class: 'whole mix',
    answers: mix.attributed,
    statuses: statuses(allStatuses),
    cached: '',
    'req/s': Math.round(mix.attributed / mix.seconds),
    'p50 ms': p(all, 50),
    'p99 ms': p(all, 99),
    'alone: requests': '',
    'CPU ms/req': (mix.cpuMs / Math.max(1, mix.attributed)).toFixed(2),
  });
  const gateways = o.memory.length === 1 ? "the gateway's" : `the ${o.memory.length} gateways' (summed)`;
  printTable(
    `${LABELS[o.setup]}: ${round1(mix.seconds)} s of the mix, ${CONNECTIONS} connections (req/s, p50, p99); ` +
      `each class alone after it (CPU ms/req: ${gateways} CPU, every thread; the whole mix's row over the mix); ` +
      `load average ${o.load} at the mix's end`,
    rows,
  );
  for (const note of notes) console.log(`  ${note}`);
  printRefusals(mix, 'in the mix');
  for (const run of o.alone.values()) printRefusals(run, 'alone');
  if (o.bookingsShort > 0) console.log(`  the priced offers ran out: ${o.bookingsShort} booking draws went as order reads`);
  const standard = STANDARD ? '' : ` (not the standard workload: ${SECONDS} s mix, ${IDLE_SECONDS} s idle)`;
  for (const m of o.memory) {
    console.log(
      `  memory, gateway pid ${m.pid}: RSS ${m.early} MB ${round1(m.earlyAtS)} s after start (aviation data answering at ` +
        `${round1(m.aviationAtS)} s); after the mix and ${IDLE_SECONDS} s idle ${m.after} MB${standard}; peak since start ${m.peak} MB`,
    );
  }
  if (o.setup === 'pglite') console.log(`  memory targets: ${memoryVerdicts(o.memory[0]!)}`);
  console.log(`  idle CPU: ${o.idleCpuMsPerS.toFixed(1)} ms/s (${gateways}, over the ${IDLE_SECONDS} s idle)`);
  console.log(o.flaws.length ? `  NOT A MEASUREMENT: ${o.flaws.join('; ')}` : '  no refusals, every answer attributed');
}

/** The memory targets (embedded storage, started as npm start), each met or not, or why there is no verdict. */
function memoryVerdicts(m: Memory): string {
  const loading = m.aviationAtS > m.earlyAtS ? ', its aviation data not answering yet' : '';
  const early =
    m.earlyAtS * 1000 > EARLY_MS + 1_000
      ? `no reading at 15 s (the first at ${round1(m.earlyAtS)} s)`
      : `${m.early} MB ${m.early < TARGET_EARLY_MB ? 'met' : 'not met'}${loading}`;
  const after = STANDARD
    ? `${m.after} MB ${m.after < TARGET_AFTER_MB ? 'met' : 'not met'}`
    : 'no verdict, not the standard workload';
  return `15 s after start < ${TARGET_EARLY_MB} MB: ${early}; after 30 s of the mix and 30 s idle < ${TARGET_AFTER_MB} MB: ${after}`;
}

function summary(o: Outcome): string {
  const all = [...o.mix.tally.values()].flatMap((t) => t.latencies);
  const memory = o.memory.map((m) => `${m.early} -> ${m.after} MB (peak ${m.peak})`).join(', ');
  return (
    `${o.setup}: ${Math.round(o.mix.attributed / o.mix.seconds)} req/s, p99 ${p(all, 99)} ms, ` +
    `${(o.mix.cpuMs / Math.max(1, o.mix.attributed)).toFixed(2)} gateway CPU ms/req over the mix; RSS ${memory}; ` +
    (o.flaws.length ? `NOT A MEASUREMENT (${o.flaws.join('; ')})` : 'valid')
  );
}

const chosen = (process.env.BENCH_MIXED_SETUPS ?? SETUPS.join(','))
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const unknown = chosen.filter((s) => !(SETUPS as readonly string[]).includes(s));
if (unknown.length) throw new Error(`BENCH_MIXED_SETUPS: unknown ${unknown.join(', ')} (known: ${SETUPS.join(', ')})`);
if (!fs.existsSync(path.join(DATA, 'ourairports/airports.csv')))
  throw new Error(`bench/mixed.ts needs the full aviation data in ${DATA}: the mix reads airports the test fixture lacks`);

const lines: string[] = [];
for (const setup of SETUPS.filter((s) => chosen.includes(s))) {
  const reason = missing(setup);
  if (reason) {
    lines.push(`${setup}: skipped, ${reason}`);
    console.log(`\n${LABELS[setup]}: skipped, ${reason}`);
    continue;
  }
  const opened = new Opened();
  try {
    progress(`${setup}: seeding storage, starting`);
    const service = await startSetup(setup, opened);
    const outcome = await measure(setup, service);
    report(outcome, service.notes);
    lines.push(summary(outcome));
  } catch (err) {
    process.exitCode = 1;
    lines.push(`${setup}: failed, ${(err as Error).message}`);
    console.log(`\n${LABELS[setup]}: failed, ${(err as Error).stack}`);
  } finally {
    await opened.closeAll();
  }
}
console.log(
  `\nSummary (${os.cpus().length} cores; ${SECONDS} s mix, ${IDLE_SECONDS} s idle; load average ${loadAverage()} now):`,
);
for (const line of lines) console.log(`  ${line}`);
