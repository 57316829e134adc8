// Equipment and operators as AA's NDC names them (issue 20, point 9): IATA aircraft type codes (738,
// 321, E75), as samples-aa-17.2 Equipment/AircraftCode shows them, never ICAO designators (B738,
// A321, E175); American Eagle flights operated by the regional airline, sold as AA's own.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAaConnector } from '../../../src/connectors/aa/aa-connector.js';
import { createOfferIdAuthenticator } from '../../../src/connectors/offer-id-auth.js';
import { hasPartnerOperatedConnection } from '../../../src/connectors/offer-facts.js';
import { Keyring } from '../../../src/platform/keyring/keyring.js';
import type { AaTestSystem } from '../../../src/testsystem/aa/server.js';
import { airShoppingRq, KEY, post, startFixedServer, TRAVEL_DATE } from './aa-test-helpers.js';

let system: AaTestSystem;
beforeAll(async () => {
  system = await startFixedServer();
});
afterAll(async () => system?.close());

describe('equipment codes', () => {
  it('answers with IATA aircraft type codes in both the carrier and the IATA element', async () => {
    const codes = new Set<string>();
    for (const [from, to] of [
      ['JFK', 'DFW'],
      ['ORD', 'GRR'],
      ['JFK', 'LHR'],
    ] as const) {
      const { body } = await post(system, 'AirShopping', airShoppingRq(from, to, TRAVEL_DATE));
      const carrier = [...body.matchAll(/<CarrierAircraftTypeCode>(\w+)</g)].map((m) => m[1]!);
      const iata = [...body.matchAll(/<IATA_AircraftTypeCode>(\w+)</g)].map((m) => m[1]!);
      expect(iata).toEqual(carrier);
      carrier.forEach((c) => codes.add(c));
    }
    expect([...codes].every((c) => /^[0-9A-Z]{3}$/.test(c))).toBe(true);
    expect(codes).toContain('321');
    expect(codes).toContain('E75');
    for (const icao of ['B738', 'A321', 'E175', 'B77W']) expect(codes).not.toContain(icao);
  });

  it('names the regional airline of an American Eagle flight, and the gateway still sells the connection', async () => {
    const { body } = await post(system, 'AirShopping', airShoppingRq('ORD', 'GRR', TRAVEL_DATE));
    expect(body).toMatch(
      /<DatedOperatingSegment><CarrierDesigCode>MQ<\/CarrierDesigCode><CarrierName>Envoy Air as American Eagle</,
    );
    const connector = createAaConnector({
      testUrl: system.url,
      testSubscriptionKey: KEY,
      liveUrl: null,
      liveSubscriptionKey: null,
      offerIds: createOfferIdAuthenticator(Keyring.parse(Keyring.generateText())),
    });
    try {
      const found = await connector.search(
        {
          slices: [{ origin: 'JFK', destination: 'GRR', departureDate: TRAVEL_DATE }],
          passengers: { adults: 1, children: 0, infants: 0 },
          cabin: null,
          maxConnections: 1,
        },
        { environment: 'test' },
      );
      const offers = found.ok ? (found.value ?? []) : [];
      const eagle = offers.find((o) =>
        o.slices[0]!.segments.some((s) => s.operatingCarrier !== 'AA' && /American Eagle/.test(s.operatingCarrierName ?? '')),
      );
      expect(eagle).toBeDefined();
      expect(eagle!.slices[0]!.segments.length).toBeGreaterThan(1);
      expect(hasPartnerOperatedConnection(eagle!)).toBe(false);
    } finally {
      await connector.close();
    }
  });
});
