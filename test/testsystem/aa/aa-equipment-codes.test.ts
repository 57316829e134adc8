// Equipment as AA's NDC names it (issue 20, point 9): IATA aircraft type codes (738, 321, E75), as
// samples-aa-17.2 Equipment/AircraftCode shows them, never ICAO designators (B738, A321, E175).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AaTestSystem } from '../../../src/testsystem/aa/server.js';
import { airShoppingRq, post, startFixedServer, TRAVEL_DATE } from './aa-test-helpers.js';

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
});
