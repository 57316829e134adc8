import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, FlightaggConnectionError, FlightaggError, isFlightaggError } from '../../packages/client/src/index.js';

/**
 * The client's retries, idempotency keys, errors and event stream against a tiny local HTTP server
 * that answers what each test scripts (429 or 503 with `Retry-After`, a dropped stream): what a
 * gateway does only under load or at shutdown, made to happen on demand.
 */
interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}
type Answer = (req: Seen, res: http.ServerResponse) => void;

let server: http.Server;
let baseUrl = '';
let answers: Answer[] = [];
let seen: Seen[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, at: Date.now() };
      seen.push(request);
      const answer = answers.shift();
      if (answer) answer(request, res);
      else json(res, 500, { error: 'no answer scripted', code: 'internal_error' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  answers = [];
  seen = [];
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const ORDER = { order_id: 'AA-ord_0123456789abcdefghij', status: 'hold' };
const BOOKING = { offer_id: 'AA|x.1', passengers: [{ given_name: 'Ada', family_name: 'Lovelace', born_on: '1985-12-10' }] };

describe('retries', () => {
  it('waits out a 429 Retry-After (seconds) and books once, with the same Idempotency-Key on both attempts', async () => {
    answers = [
      (_, res) => json(res, 429, { error: 'too many requests', code: 'rate_limited' }, { 'retry-after': '1' }),
      (_, res) => json(res, 201, ORDER),
    ];
    const client = createClient({ apiKey: 'fa_test_k', baseUrl });
    const order = await client.orders.create(BOOKING);
    expect(order).toEqual(ORDER);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);
    const keys = seen.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(seen.map((request) => [request.headers['x-api-key'], JSON.parse(request.body)])).toEqual([
      ['fa_test_k', BOOKING],
      ['fa_test_k', BOOKING],
    ]);
  });

  it('sends a keyed booking again while its first request is still in flight (409 idempotency_key_in_flight), with the same key; other 409s are thrown', async () => {
    answers = [
      (_, res) =>
        json(res, 409, { error: 'a request with this Idempotency-Key is still in progress', code: 'idempotency_key_in_flight' }),
      (_, res) => json(res, 200, ORDER, { 'idempotent-replayed': 'true' }),
    ];
    const client = createClient({ apiKey: 'fa_test_k', baseUrl });
    expect(await client.orders.create(BOOKING, { idempotencyKey: 'booking-43' })).toEqual(ORDER);
    expect(seen.map((request) => request.headers['idempotency-key'])).toEqual(['booking-43', 'booking-43']);

    seen = [];
    answers = [
      (_, res) => json(res, 409, { error: 'already booked', code: 'order_conflict' }),
      (_, res) => json(res, 201, ORDER),
    ];
    const error = await client.orders.create(BOOKING).catch((e: unknown) => e);
    expect(isFlightaggError(error, 'order_conflict')).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it('honours a Retry-After given as an HTTP date on 503, and a key of your own', async () => {
    answers = [
      (_, res) =>
        json(
          res,
          503,
          { error: 'unavailable', code: 'database_unavailable' },
          { 'retry-after': new Date(Date.now() + 2000).toUTCString() },
        ),
      (_, res) => json(res, 200, ORDER),
    ];
    const client = createClient({ apiKey: 'fa_test_k', baseUrl });
    await client.orders.create(BOOKING, { idempotencyKey: 'booking-42' });
    // An HTTP date has whole seconds: at least one second of the two asked for is left when it is read.
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);
    expect(seen.map((request) => request.headers['idempotency-key'])).toEqual(['booking-42', 'booking-42']);
  });

  it('throws at once a Retry-After longer than it waits itself, carrying the wait and the body', async () => {
    const body = {
      error: 'order writes are coming soon',
      code: 'coming_soon',
      request_id: 'req_1',
      message: 'soon',
      docs_url: 'https://x',
    };
    answers = [(_, res) => json(res, 503, body, { 'retry-after': '3600' })];
    const client = createClient({ apiKey: 'fa_test_k', baseUrl });
    const error = await client.orders.pay(ORDER.order_id).catch((e: unknown) => e);
    expect(seen).toHaveLength(1);
    expect(isFlightaggError(error, 'coming_soon')).toBe(true);
    expect(error).toMatchObject({
      status: 503,
      code: 'coming_soon',
      message: 'order writes are coming soon',
      requestId: 'req_1',
      retryAfterMs: 3_600_000,
      details: { message: 'soon', docs_url: 'https://x' },
    });
  });

  it('gives up after maxRetries and throws the last answer', async () => {
    const limited: Answer = (_, res) => json(res, 429, { error: 'slow down', code: 'rate_limited' }, { 'retry-after': '0' });
    answers = [limited, limited];
    const client = createClient({ apiKey: 'fa_test_k', baseUrl, maxRetries: 1 });
    const error = await client.offers
      .search({ origin: 'JFK', destination: 'LAX', departure_date: '2030-01-01', adults: 1 })
      .catch((e: unknown) => e);
    expect(seen).toHaveLength(2);
    expect(isFlightaggError(error, 'rate_limited')).toBe(true);
  });

  it('does not repeat a 4xx other than 429; the error names its code, request id and documentation', async () => {
    answers = [
      (_, res) =>
        json(
          res,
          404,
          {
            error: 'order AA-ord_x not found',
            code: 'order_not_found',
            request_id: 'req_2',
            documentation_url: 'http://g/docs/errors.md#order_not_found',
            did_you_mean: 'AA-ord_y',
          },
          { 'x-request-id': 'req_2' },
        ),
    ];
    const client = createClient({ apiKey: 'fa_test_k', baseUrl });
    const error = await client.orders.get('AA-ord_x').catch((e: unknown) => e);
    expect(seen).toHaveLength(1);
    expect(error).toBeInstanceOf(FlightaggError);
    expect(isFlightaggError(error, 'offer_not_found', 'order_not_found')).toBe(true);
    expect(isFlightaggError(error, 'rate_limited')).toBe(false);
    expect(error).toMatchObject({
      status: 404,
      code: 'order_not_found',
      requestId: 'req_2',
      documentationUrl: 'http://g/docs/errors.md#order_not_found',
      details: { did_you_mean: 'AA-ord_y' },
    });
  });

  it('repeats a read whose connection dropped, but not a write without a key', async () => {
    const drop: Answer = (_, res) => res.socket?.destroy();
    answers = [drop, (_, res) => json(res, 200, ORDER)];
    const client = createClient({ apiKey: 'fa_test_k', baseUrl });
    expect(await client.orders.get(ORDER.order_id)).toEqual(ORDER);
    expect(seen).toHaveLength(2);

    seen = [];
    answers = [drop, (_, res) => json(res, 200, ORDER)];
    const error = await client.orders.pay(ORDER.order_id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FlightaggConnectionError);
    expect(seen).toHaveLength(1);
  });

  it('ends an attempt that outlives timeoutMs', async () => {
    answers = [() => undefined];
    const client = createClient({ apiKey: 'fa_test_k', baseUrl, timeoutMs: 300, maxRetries: 0 });
    const error = await client.orders.pay(ORDER.order_id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FlightaggConnectionError);
    expect((error as Error).message).toMatch(/no answer within 300 ms/);
  });
});

describe('requests', () => {
  it("names the order's airline from its id, percent-encodes ids, and sends no body where the operation takes none", async () => {
    answers = [(_, res) => json(res, 200, { order_id: 'x' }), (_, res) => json(res, 200, { order_id: 'x' })];
    const client = createClient({ apiKey: 'fa_test_k', baseUrl: `${baseUrl}/` });
    await client.orders.quote('DUFFEL-ord_a/b');
    await client.orders.pay('AA-ord_1', {}, { airline: 'BA' });
    expect(seen.map((request) => [request.method, request.url, request.body])).toEqual([
      ['POST', '/v1/orders/DUFFEL-ord_a%2Fb/quote?airline=DUFFEL', ''],
      ['POST', '/v1/orders/AA-ord_1/commit?airline=BA', '{}'],
    ]);
    expect(seen[0]!.headers['content-type']).toBeUndefined();
    expect(seen[0]!.headers['idempotency-key']).toBeUndefined();
  });

  it('walks every page of a list, following next_cursor until it is empty', async () => {
    answers = [
      (_, res) => json(res, 200, { orders: [{ order_id: 'a' }, { order_id: 'b' }], next_cursor: 'c1' }),
      (_, res) => json(res, 200, { orders: [{ order_id: 'c' }], next_cursor: '' }),
    ];
    const client = createClient({ apiKey: 'fa_test_k', baseUrl });
    const ids: string[] = [];
    for await (const order of client.orders.list({ status: 'hold', limit: 2 })) ids.push(order.order_id);
    expect(ids).toEqual(['a', 'b', 'c']);
    expect(seen.map((request) => request.url)).toEqual([
      '/v1/orders?status=hold&limit=2',
      '/v1/orders?status=hold&limit=2&cursor=c1',
    ]);
  });

  it('refuses options it cannot use before sending anything', () => {
    expect(() => createClient({ apiKey: '', baseUrl })).toThrow(/apiKey is required/);
    expect(() => createClient({ apiKey: 'k', baseUrl: 'localhost:8080' })).toThrow(/baseUrl must be an http\(s\) URL/);
  });
});

describe('event stream', () => {
  function sse(res: http.ServerResponse, text: string, end = false): void {
    if (!res.headersSent) res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (end) res.end(text);
    else res.write(text);
  }

  it('resumes after the last event received with Last-Event-ID when the server ends the stream to shut down', async () => {
    answers = [
      (_, res) =>
        sse(
          res,
          ': heartbeat\n\nid: evt_1\nevent: order.created\ndata: {"order_id":"AA-ord_1"}\n\n' +
            'event: error\ndata: {"error":"shutting down","code":"server_shutting_down"}\n\n',
          true,
        ),
      (_, res) => sse(res, 'id: evt_2\r\nevent: order.ticketed\r\ndata: {"order_id":\r\ndata: "AA-ord_1"}\r\n\r\n'),
    ];
    const client = createClient({ apiKey: 'fa_test_k', baseUrl });
    const received: unknown[] = [];
    for await (const event of client.events.stream({ order_id: 'AA-ord_1' })) {
      received.push(event);
      if (received.length === 2) break;
    }
    expect(received).toEqual([
      { id: 'evt_1', type: 'order.created', data: { order_id: 'AA-ord_1' } },
      { id: 'evt_2', type: 'order.ticketed', data: { order_id: 'AA-ord_1' } },
    ]);
    expect(seen.map((request) => [request.url, request.headers['last-event-id'], request.headers.accept])).toEqual([
      ['/v1/events/stream?order_id=AA-ord_1', undefined, 'text/event-stream'],
      ['/v1/events/stream?order_id=AA-ord_1', 'evt_1', 'text/event-stream'],
    ]);
  });

  it('throws a terminal error the client cannot resume from', async () => {
    answers = [(_, res) => sse(res, 'event: error\ndata: {"error":"boom","code":"internal_error"}\n\n', true)];
    const client = createClient({ apiKey: 'fa_test_k', baseUrl });
    const consume = async () => {
      for await (const event of client.events.stream({}, { lastEventId: 'evt_9' })) void event;
    };
    const error = await consume().catch((e: unknown) => e);
    expect(isFlightaggError(error, 'internal_error')).toBe(true);
    expect(seen[0]!.headers['last-event-id']).toBe('evt_9');
  });
});
