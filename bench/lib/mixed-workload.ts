/**
 * bench/mixed.ts's traffic: the request classes and their shares, the requests of each (a
 * `Workload` per setup, prepared through the service), and a load run that counts every answer in
 * its own request's class.
 */
import autocannon from 'autocannon';
import { request } from 'undici';
import { sleep } from '../../tools/cluster/processes.js';
import { dateAhead } from '../shopping-lib.js';
import type { Service } from './mixed-setups.js';
import { processCpuMs } from './process-cpu.js';

/** The mix's length: 60 s by default, issue 49's heavy mix for the memory target. */
export const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
export const CONNECTIONS = 10;
/**
 * The clients' `Accept-Encoding` (BENCH_ACCEPT_ENCODING, e.g. `br, gzip`); none by default. A
 * compressed search answer's body cannot be read for `"cached":true`, so the cached column is then
 * empty and the compressed answers are counted instead.
 */
export const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? '';

export type Kind = 'aviation' | 'search-hit' | 'search-miss' | 'order-read' | 'booking';
/** Each class: its share of the mix, and how many requests it is sent alone for its CPU figure. */
export const CLASSES: { kind: Kind; share: number; alone: number }[] = [
  { kind: 'aviation', share: 0.7, alone: 2_000 },
  { kind: 'search-hit', share: 0.12, alone: 500 },
  { kind: 'search-miss', share: 0.08, alone: 150 },
  { kind: 'order-read', share: 0.08, alone: 1_000 },
  { kind: 'booking', share: 0.02, alone: 40 },
];
export const pick = (): Kind => {
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
export class Workload {
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
    // The mix's bookings are holds: AA's and VS's offers can be held, Duffel Airways' on these routes
    // are instant-only (and its test system's rate limit would refuse pricing hundreds of them).
    const holdable = ((answer.offers ?? []) as { offer_id: string; source?: string }[]).filter((o) => o.source !== 'DUFFEL');
    for (const offer of holdable.slice(0, PRICED_PER_SEARCH)) {
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
          // Duffel's offers are in the searches too, and Duffel books a passenger only with one.
          gender: 'f',
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
  /** Answers with a Content-Encoding. */
  encoded: number;
  /** Bytes read from the wire for its answers, headers included. */
  bytes: number;
  /** The first body of each refused status, to say why. */
  refusals: Map<number, string>;
}

export interface LoadRun {
  seconds: number;
  tally: Map<Kind, ClassTally>;
  /** Answers counted in a class. */
  attributed: number;
  /** The gateways' CPU over the run, every thread of every gateway process, in ms. */
  cpuMs: number;
  result: autocannon.Result;
}

export const gatewaysCpuMs = (service: Service) => service.gateways.reduce((sum, g) => sum + processCpuMs(g.pid), 0);

/**
 * Sends `draw`'s classes for `seconds`, or `amount` requests, and counts each answer in the class
 * of its own request: autocannon answers a connection's requests in order and keeps one context
 * per request.
 */
export async function runLoad(
  service: Service,
  workload: Workload,
  draw: () => Kind,
  bound: { duration: number } | { amount: number },
): Promise<LoadRun> {
  const tally = new Map<Kind, ClassTally>(
    CLASSES.map(({ kind }) => [
      kind,
      { latencies: [], statuses: new Map(), cached: 0, encoded: 0, bytes: 0, refusals: new Map() },
    ]),
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
            if (ACCEPT_ENCODING) own['accept-encoding'] = ACCEPT_ENCODING;
            if (sent.body !== undefined) own['content-type'] = 'application/json';
            return { ...req, method: sent.method, path: sent.path, body: sent.body, headers: own } as typeof req;
          },
          onResponse: (status: number, body: string, context: object, headers?: Record<string, unknown>) => {
            const t = tally.get((context as { kind: Kind }).kind)!;
            if (Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'content-encoding')) t.encoded++;
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
  void instance.on('response', (client, _status, bytes, ms) => {
    const { context } = (client as unknown as { requestIterator: { context: { kind: Kind } } }).requestIterator;
    const t = tally.get(context.kind)!;
    t.latencies.push(ms);
    t.bytes += bytes;
  });
  const result = await done;
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = gatewaysCpuMs(service) - cpuBefore;
  const attributed = [...tally.values()].reduce((sum, t) => sum + t.latencies.length, 0);
  return { seconds, tally, attributed, cpuMs, result };
}

/** What makes a run not a measurement: refusals, answers not counted in a class, client errors. */
export function flaws(run: LoadRun): string[] {
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
