import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { daysAhead } from '../../shopping/shopping-fixture.js';
import { freePort } from './children.js';

/** An airline that accepts connections and never answers, so a search lasts its whole time-out. */
async function silentAirline(): Promise<{ url: string; close(): void }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close() {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

/** Writes `raw` on a new connection and collects the answer until the server closes it (at most `ms`). */
async function rawExchange(port: number, raw: string, ms: number): Promise<{ answer: string; closedAfterMs: number | null }> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  const started = Date.now();
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  socket.on('error', () => {});
  socket.write(raw);
  const closed = await Promise.race([
    new Promise<boolean>((r) => socket.once('close', () => r(true))),
    new Promise<boolean>((r) => setTimeout(() => r(false), ms)),
  ]);
  const closedAfterMs = closed ? Date.now() - started : null;
  socket.destroy();
  return { answer, closedAfterMs };
}

/**
 * The HTTP server's client time-outs, on a real socket: a client that sends less than it
 * announced, or never finishes its headers, is cut (408) after the time-out; a response that takes
 * longer than that time-out (a slow airline, an SSE stream) is not.
 */
describe('HTTP time-outs for slow clients', () => {
  let t: TestApp;
  let port: number;
  let airline: Awaited<ReturnType<typeof silentAirline>>;
  let key: string;

  beforeAll(async () => {
    airline = await silentAirline();
    t = await buildTestApp({
      env: { HTTP_REQUEST_TIMEOUT_MS: '1000', HTTP_HEADERS_TIMEOUT_MS: '1000', SEARCH_TIMEOUT_MS: '2500' },
      app: { testSystemUrls: { AA: airline.url } },
    });
    key = (await t.agencyWithKey()).secret;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
    airline?.close();
  });

  it('a body shorter than its Content-Length is answered 408 and the connection closed after the request time-out', async () => {
    const { answer, closedAfterMs } = await rawExchange(
      port,
      'POST /v1/subscribe HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
      10_000,
    );
    expect(closedAfterMs).not.toBeNull();
    // The time-out (1 s) plus at most one check interval (1 s), with room for a busy machine.
    expect(closedAfterMs!).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs!).toBeLessThan(5_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // In the API's error format, with a request id in the body and the header, like every error.
    const [head, body] = answer.split('\r\n\r\n');
    const requestId = /\r\nX-Request-Id: (\S+)/i.exec(head!)?.[1];
    expect(requestId).toMatch(/^req_/);
    expect(JSON.parse(body!)).toEqual({
      error: 'the request did not arrive in time; send headers and body promptly',
      code: 'request_timeout',
      request_id: requestId,
      documentation_url: expect.stringMatching(/\/docs\/errors#request_timeout$/),
    });
  });

  it('headers that never end are cut after the headers time-out', async () => {
    const { answer, closedAfterMs } = await rawExchange(port, 'GET /v1/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', 10_000);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(5_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408|^$/);
  });

  const search = { origin: 'JFK', destination: 'MIA', departure_date: daysAhead(30), adults: 1 };

  it('a search that takes longer than the request time-out still gets its whole answer', async () => {
    const started = Date.now();
    const res = await fetch(`http://127.0.0.1:${port}/v1/shopping/offers`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(search),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.json()) as { connectors: unknown };
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_400);
    expect(res.status).toBe(502);
    expect(body.connectors).toEqual([expect.objectContaining({ status: 'timed_out' })]);
  });

  it('an SSE stream open longer than the request time-out ends with its terminal event', async () => {
    const started = Date.now();
    const res = await fetch(`http://127.0.0.1:${port}/v1/shopping/offers/stream`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ ...search, departure_date: daysAhead(31) }),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_400);
    expect(text).toMatch(/^event: search\n/);
    const last = /event: error\ndata: (.*)\n\n$/.exec(text);
    expect(last, text).not.toBeNull();
    expect(JSON.parse(last![1]!)).toEqual({
      error: 'all airline connections failed — please retry later',
      code: 'all_airlines_failed',
      connectors: [expect.objectContaining({ airline: 'AA', status: 'timed_out' })],
    });
  });
});
