import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ndcSchemaErrors } from './ndc-schema-validator.js';
import { startRecordedAa, type RecordedAa } from './recorded-aa.js';

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

let wire: RecordedAa;
beforeAll(async () => {
  wire = await startRecordedAa();
});
afterAll(async () => wire?.close());

describe('every request the AA connector sends validates against its NDC 21.3 schema', () => {
  it('AirShopping (one-way, round trip, multi-city, cabin, connections, all passenger types), OfferPrice, SeatAvailability, ServiceList', async () => {
    const aaConnector = wire.connector();
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
    expect((await aaConnector.services({ kind: 'offer', offerId }, ctx)).ok).toBe(true);
    expect((await aaConnector.probe({})).ok).toBe(true);
    await aaConnector.close();

    expect(new Set(wire.traffic.map((s) => s.message))).toEqual(
      new Set(['AirShopping', 'OfferPrice', 'SeatAvailability', 'ServiceList']),
    );
    for (const { message, request } of wire.traffic) {
      expect({ message, errors: await ndcSchemaErrors(request, `IATA_${message}RQ`) }).toEqual({ message, errors: [] });
    }
  });
});
