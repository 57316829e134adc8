import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NdcTransport } from '../../src/connectors/ndc/ndc-transport.js';
import { AA_PROFILE } from '../../src/connectors/aa/aa-profile.js';
import { inSpan } from '../../src/platform/tracing/tracer.js';
import { daysAhead, shoppingFixture, type ShoppingFixture } from '../shopping/shopping-fixture.js';

// One exporter for the file: tracing is process-wide, as OpenTelemetry registers it.
const exporter = new InMemorySpanExporter();
const logLines: string[] = [];
let f: ShoppingFixture;
beforeAll(async () => {
  f = await shoppingFixture({ withVs: true, spanExporter: exporter, logLines, env: { SEARCH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(async () => f?.close());
beforeEach(() => exporter.reset());

const idOf = (s: ReadableSpan) => s.spanContext().spanId;
const parentOf = (s: ReadableSpan) => s.parentSpanContext?.spanId;

/** The server span of `name`, once it has ended (the response hook ends it as the answer leaves). */
async function requestSpan(name: string): Promise<ReadableSpan> {
  return vi.waitFor(() => {
    const found = exporter.getFinishedSpans().find((s) => s.name === name);
    if (!found)
      throw new Error(
        `no span ${name} among ${exporter
          .getFinishedSpans()
          .map((s) => s.name)
          .join(', ')}`,
      );
    return found;
  });
}

/** Every finished span below `root`, at any depth. */
function descendants(root: ReadableSpan): ReadableSpan[] {
  const spans = exporter.getFinishedSpans();
  const found: ReadableSpan[] = [];
  const walk = (id: string) => {
    for (const s of spans.filter((c) => parentOf(c) === id)) {
      found.push(s);
      walk(idOf(s));
    }
  };
  walk(idOf(root));
  return found;
}

describe('traces (OpenTelemetry, spans to an in-memory exporter)', () => {
  it('a two-airline search: the request span by route template, with an AirShopping child each for AA and VS', async () => {
    const res = await f.search({ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(33), adults: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const root = await requestSpan('POST /v1/shopping/offers');
    expect(root.parentSpanContext).toBeUndefined();
    expect(root.attributes).toMatchObject({ 'http.route': '/v1/shopping/offers', 'http.response.status_code': 200 });
    const calls = descendants(root).filter((s) => s.name === 'AirShopping');
    expect(calls.map((s) => s.attributes['flightagg.airline']).sort()).toEqual(['AA', 'VS']);
    for (const call of calls) {
      expect(call.spanContext().traceId).toBe(root.spanContext().traceId);
      expect(call.attributes).toMatchObject({
        'flightagg.message': 'AirShopping',
        'flightagg.outcome': 'ok',
        'http.response.status_code': 200,
      });
      expect(call.attributes['flightagg.source']).toBe(call.attributes['flightagg.airline']);
      expect(call.attributes['http.request.body.size']).toBeGreaterThan(100);
      expect(call.attributes['http.response.body.size']).toBeGreaterThan(100);
    }
    // With Redis, the shared search cache's round trips (the answer stored for the next search) are the search's own.
    if (f.platform.redis) {
      const cached = await vi.waitFor(() => {
        const found = descendants(root).find((s) => s.name.startsWith('redis '));
        if (!found)
          throw new Error(
            `no redis span among ${descendants(root)
              .map((s) => s.name)
              .join(', ')}`,
          );
        return found;
      });
      expect(cached.attributes).toMatchObject({ 'db.system.name': 'redis' });
    }
  });

  it("continues a caller's W3C traceparent: same trace id, the caller's span as parent", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parent = '00f067aa0ba902b7';
    const res = await f.app.inject({ method: 'GET', url: '/v1/health', headers: { traceparent: `00-${traceId}-${parent}-01` } });
    expect(res.statusCode).toBeLessThan(500);
    const span = await vi.waitFor(() => {
      const found = exporter.getFinishedSpans().find((s) => s.spanContext().traceId === traceId);
      if (!found) throw new Error('no span in the caller trace');
      return found;
    });
    expect(parentOf(span)).toBe(parent);
    expect(span.name).toMatch(/^GET \//);
  });

  it('a booking: the request span holds the booking transactions and the airline OrderCreate; log lines carry the trace id', async () => {
    const search = await f.search({ origin: 'JFK', destination: 'LAX', departure_date: daysAhead(30), adults: 1 });
    const offer = (search.json().offers as { offer_id: string }[])[0]!;
    exporter.reset();
    logLines.length = 0;
    const res = await f.app.inject({
      method: 'POST',
      url: '/v1/orders',
      headers: { 'x-api-key': f.key },
      payload: {
        offer_id: offer.offer_id,
        passengers: [{ given_name: 'Ada', family_name: 'Lovelace', born_on: '1985-12-10', email: 'ada@example.com' }],
        payment: { type: 'hold' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const root = await requestSpan('POST /v1/orders');
    expect(root.attributes['http.response.status_code']).toBe(201);
    const below = descendants(root);
    const names = below.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['db booking intent', 'OrderCreate', 'db booking completion']));
    const create = below.find((s) => s.name === 'OrderCreate')!;
    expect(create.attributes).toMatchObject({ 'flightagg.airline': 'AA', 'flightagg.outcome': 'ok' });
    const intent = below.find((s) => s.name === 'db booking intent')!;
    expect(intent.attributes).toMatchObject({ 'db.system.name': 'postgresql', 'db.operation.name': 'TRANSACTION' });
    // The intent is written before the airline is asked, the order after it answered. The SDK
    // stamps a span's start with Date.now() (whole milliseconds) and its end as start plus a
    // sub-millisecond duration, so a span that starts in the millisecond another ended can read
    // up to 1 ms before that end: compared in microseconds with that allowance.
    const completion = below.find((s) => s.name === 'db booking completion')!;
    const micros = (t: [number, number]) => t[0] * 1e6 + Math.floor(t[1] / 1e3);
    expect(micros(intent.endTime)).toBeLessThanOrEqual(micros(create.startTime) + 1000);
    expect(micros(create.endTime)).toBeLessThanOrEqual(micros(completion.startTime) + 1000);
    const traced = logLines
      .map((l) => JSON.parse(l) as { trace_id?: string })
      .filter((l) => l.trace_id === root.spanContext().traceId);
    expect(traced.length).toBeGreaterThan(0);
  });

  it('sends traceparent to the airline: the message span is the parent the airline sees', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const airline = http.createServer((req, res) => {
      seen.push(req.headers);
      req.resume();
      req.on('end', () => res.writeHead(500, { 'content-type': 'application/xml' }).end('<down/>'));
    });
    await new Promise<void>((resolve) => airline.listen(0, '127.0.0.1', resolve));
    const transport = new NdcTransport(AA_PROFILE);
    try {
      const result = await inSpan('caller', {}, () =>
        transport.call(
          { baseUrl: `http://127.0.0.1:${(airline.address() as AddressInfo).port}`, subscriptionKey: 'k' },
          { message: 'OfferPrice', xml: '<x/>', budgetMs: 5_000 },
        ),
      );
      expect(result.ok).toBe(false);
    } finally {
      await transport.close();
      await new Promise((resolve) => airline.close(resolve));
    }
    const span = exporter.getFinishedSpans().find((s) => s.name === 'OfferPrice')!;
    expect(span.attributes).toMatchObject({ 'flightagg.outcome': 'unavailable', 'http.response.status_code': 500 });
    expect(span.status.code).toBe(2);
    expect(seen[0]!.traceparent).toBe(`00-${span.spanContext().traceId}-${idOf(span)}-01`);
  });
});
