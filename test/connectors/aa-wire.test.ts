import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAaConnector } from '../../src/connectors/aa/aa-connector.js';
import { startAaTestSystem, type AaTestSystem } from '../../src/testsystem/aa/server.js';
import { ndcSchemaErrors } from './ndc-schema-validator.js';

const KEY = 'aa-test-subscription-key';
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Sits between the connector and the test system and keeps every request body it forwards. */
let aa: AaTestSystem;
let proxy: http.Server;
let proxyUrl: string;
const sent: { message: string; body: string }[] = [];

beforeAll(async () => {
  aa = await startAaTestSystem({ subscriptionKey: KEY, logger: false });
  proxy = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    sent.push({ message: req.url!.split('/').pop()!, body });
    const upstream = await request(`${aa.url}${req.url}`, {
      method: 'POST',
      headers: req.headers as Record<string, string>,
      body,
    });
    res.writeHead(upstream.statusCode, { 'content-type': String(upstream.headers['content-type'] ?? 'application/xml') });
    res.end(await upstream.body.text());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await aa?.close();
});

describe('every request the AA connector sends validates against its NDC 21.3 schema', () => {
  it('AirShopping (one-way, round trip, multi-city, cabin, connections, all passenger types), OfferPrice, SeatAvailability, ServiceList', async () => {
    const aaConnector = createAaConnector({
      testUrl: proxyUrl,
      testSubscriptionKey: KEY,
      liveUrl: null,
      liveSubscriptionKey: null,
    });
    const ctx = { environment: 'test' as const };
    const pax = { adults: 2, children: 1, infants: 1 };
    const oneWay = await aaConnector.search(
      {
        slices: [{ origin: 'JFK', destination: 'LAX', departureDate: day(15) }],
        passengers: pax,
        cabin: 'economy',
        maxConnections: 1,
      },
      ctx,
    );
    const roundTrip = await aaConnector.search(
      {
        slices: [
          { origin: 'DFW', destination: 'MIA', departureDate: day(15) },
          { origin: 'MIA', destination: 'DFW', departureDate: day(20) },
        ],
        passengers: { adults: 1, children: 0, infants: 0 },
        cabin: null,
        maxConnections: null,
      },
      ctx,
    );
    await aaConnector.search(
      {
        slices: [
          { origin: 'JFK', destination: 'LAX', departureDate: day(15) },
          { origin: 'LAX', destination: 'ORD', departureDate: day(18) },
          { origin: 'ORD', destination: 'JFK', departureDate: day(21) },
        ],
        passengers: pax,
        cabin: 'business',
        maxConnections: 0,
      },
      ctx,
    );
    expect([oneWay, roundTrip].map((r) => (r.ok ? 'ok' : r.failure.message))).toEqual(['ok', 'ok']);
    const offerId = oneWay.ok && oneWay.value ? oneWay.value[0]!.offerId : '';
    const rtId = roundTrip.ok && roundTrip.value ? roundTrip.value[0]!.offerId : '';
    expect((await aaConnector.price([offerId], ctx)).ok).toBe(true);
    const rtPriced = await aaConnector.price([rtId], ctx);
    expect(rtPriced.ok ? 'ok' : rtPriced.failure.message).toBe('ok');
    expect((await aaConnector.seatMaps({ kind: 'offer', offerId: rtId }, ctx)).ok).toBe(true);
    await aaConnector.seatMaps({ kind: 'order', airlineOrderId: 'AA0000000001', owner: 'AA' }, ctx);
    expect((await aaConnector.services(offerId, ctx)).ok).toBe(true);
    expect((await aaConnector.probe({})).ok).toBe(true);
    await aaConnector.close();

    expect(new Set(sent.map((s) => s.message))).toEqual(
      new Set(['AirShopping', 'OfferPrice', 'SeatAvailability', 'ServiceList']),
    );
    for (const { message, body } of sent) {
      expect({ message, errors: await ndcSchemaErrors(body, `IATA_${message}RQ`) }).toEqual({ message, errors: [] });
    }
  });
});
