// Duffel's wire as the transport speaks it, against a local HTTP server: the headers every call
// carries, Duffel's error objects read into our failures, and a 429 honoured until its reset.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuffelTransport } from './duffel-transport.js';

interface Seen {
  at: number;
  headers: http.IncomingHttpHeaders;
  url: string;
}

let server: http.Server;
let baseUrl: string;
const seen: Seen[] = [];
let answer: (req: http.IncomingMessage, res: http.ServerResponse) => void = () => {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ at: Date.now(), headers: req.headers, url: req.url ?? '' });
    req.resume();
    req.on('end', () => answer(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};
const endpoint = () => ({ baseUrl, token: 'duffel_test_abc' });

describe('the Duffel transport', () => {
  it("sends Duffel's bearer token and version header and reads `data`", async () => {
    seen.length = 0;
    answer = (_req, res) => json(res, 200, { data: { id: 'arl_00009VME7DAGiJjwomhv32' } });
    const transport = new DuffelTransport();
    const result = await transport.call(endpoint(), {
      method: 'GET',
      path: '/air/airlines?limit=1',
      budgetMs: 2000,
      what: 'airlines',
    });
    await transport.close();
    expect(result).toEqual({ ok: true, value: { data: { id: 'arl_00009VME7DAGiJjwomhv32' }, meta: null } });
    expect(seen[0]!.headers.authorization).toBe('Bearer duffel_test_abc');
    expect(seen[0]!.headers['duffel-version']).toBe('v2');
    expect(seen[0]!.url).toBe('/air/airlines?limit=1');
  });

  it("reads Duffel's error objects: a gone offer is not_found, an airline error a refusal naming Duffel's words and field", async () => {
    const transport = new DuffelTransport();
    answer = (_req, res) =>
      json(res, 422, {
        meta: { status: 422, request_id: 'FZW0H3HdJwKk5HMAAKxB' },
        errors: [
          {
            type: 'invalid_state_error',
            code: 'offer_no_longer_available',
            title: 'Offer no longer available',
            message: 'The offer is no longer available',
          },
        ],
      });
    const gone = await transport.call(endpoint(), {
      method: 'POST',
      path: '/air/orders',
      data: {},
      budgetMs: 2000,
      what: 'order',
    });
    expect(gone).toMatchObject({
      ok: false,
      failure: { kind: 'not_found', airlineCode: 'offer_no_longer_available', retryable: false },
    });

    answer = (_req, res) =>
      json(res, 422, {
        errors: [
          {
            type: 'validation_error',
            code: 'invalid_phone_number',
            message: 'Phone number is not valid',
            source: { field: 'phone_number', pointer: '/passengers/0/phone_number' },
          },
        ],
      });
    const invalid = await transport.call(endpoint(), {
      method: 'POST',
      path: '/air/orders',
      data: {},
      budgetMs: 2000,
      what: 'order',
    });
    // Named as the seller wrote it: Duffel's first order passenger is the request's passengers[0].
    expect(invalid).toMatchObject({
      ok: false,
      failure: {
        kind: 'refused',
        message: "[invalid_phone_number] Phone number is not valid (field passengers[0].phone; Duffel's phone_number)",
      },
    });

    // A field of Duffel's own (no pointer into what the seller wrote) keeps Duffel's name.
    answer = (_req, res) =>
      json(res, 422, {
        errors: [
          {
            type: 'validation_error',
            code: 'validation_required',
            message: 'Field is required',
            source: { field: 'type', pointer: '/type' },
          },
        ],
      });
    const own = await transport.call(endpoint(), {
      method: 'POST',
      path: '/air/orders',
      data: {},
      budgetMs: 2000,
      what: 'order',
    });
    expect(own).toMatchObject({
      ok: false,
      failure: { kind: 'refused', message: '[validation_required] Field is required (field type)' },
    });

    answer = (_req, res) =>
      json(res, 500, { errors: [{ type: 'api_error', code: 'internal_server_error', message: 'Something went wrong' }] });
    const down = await transport.call(endpoint(), { method: 'GET', path: '/air/orders/ord_1', budgetMs: 2000, what: 'order' });
    expect(down).toMatchObject({ ok: false, failure: { kind: 'unavailable', retryable: true } });
    await transport.close();
  });

  it('after a 429 sends nothing before ratelimit-reset: waits when the budget allows, else fails at once, retryable', async () => {
    const transport = new DuffelTransport();
    seen.length = 0;
    let limited = true;
    const resetAt = Math.ceil(Date.now() / 1000) + 1;
    answer = (_req, res) => {
      if (limited) {
        limited = false;
        json(
          res,
          429,
          { errors: [{ type: 'rate_limit_error', code: 'rate_limit_exceeded', message: 'Too many requests' }] },
          {
            'ratelimit-limit': '60',
            'ratelimit-remaining': '0',
            'ratelimit-reset': new Date(resetAt * 1000).toUTCString(),
          },
        );
        return;
      }
      json(res, 200, { data: [] });
    };
    // Budget shorter than the wait: answered at once, one request sent.
    const short = await transport.call(endpoint(), { method: 'GET', path: '/air/offers', budgetMs: 50, what: 'offers' });
    expect(short).toMatchObject({
      ok: false,
      failure: { kind: 'unavailable', retryable: true, airlineCode: 'rate_limit_exceeded' },
    });
    const again = await transport.call(endpoint(), { method: 'GET', path: '/air/offers', budgetMs: 50, what: 'offers' });
    expect(again).toMatchObject({ ok: false, failure: { kind: 'unavailable', retryable: true } });
    expect(seen).toHaveLength(1);
    // A budget that outlasts the reset: sent again only once the reset has passed.
    const waited = await transport.call(endpoint(), { method: 'GET', path: '/air/offers', budgetMs: 5000, what: 'offers' });
    expect(waited).toMatchObject({ ok: true });
    expect(seen).toHaveLength(2);
    expect(seen[1]!.at).toBeGreaterThanOrEqual(resetAt * 1000);
    await transport.close();
  });
});
