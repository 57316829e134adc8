import { AA_PROFILE } from '../../../src/testsystem/aa/aa-profile.js';
import { describe, expect, it } from 'vitest';
import { buildItineraries } from '../../../src/testsystem/ndc/network/connection-builder.js';
import { priceJourney } from '../../../src/testsystem/ndc/fares/fare-pricing.js';
import { priceClass } from '../../../src/testsystem/aa/fares/fare-rules.js';
import { createInventoryService, SoldOutError } from '../../../src/testsystem/ndc/network/inventory-service.js';
import { createScheduleService } from '../../../src/testsystem/ndc/network/schedule-service.js';
import { createSystemClock } from '../../../src/testsystem/ndc/system-clock.js';

function setup() {
  const schedule = createScheduleService(AA_PROFILE);
  const clock = createSystemClock();
  clock.set(Date.parse('2026-11-20T12:00:00Z'));
  const inventory = createInventoryService({ clock, aircraft: AA_PROFILE.network.aircraft });
  const itinerary = buildItineraries(schedule, 'JFK', 'LAX', '2026-12-15').find((it) => it.legs.length === 1)!;
  return { schedule, clock, inventory, itinerary, flight: itinerary.legs[0]! };
}

describe('inventory and fares', () => {
  it('sells down a cabin and refuses to oversell', () => {
    const { inventory, flight } = setup();
    const before = inventory.cabin(flight, 'Y')!;
    inventory.sell(flight, 'Y', 2);
    expect(inventory.cabin(flight, 'Y')!.remaining).toBe(before.remaining - 2);
    inventory.release(flight, 'Y', 1);
    expect(inventory.cabin(flight, 'Y')!.remaining).toBe(before.remaining - 1);
    expect(() => inventory.sell(flight, 'Y', before.remaining + 5)).toThrow(SoldOutError);
  });

  it('raises the fare as the cabin fills and drops sold-out flights from pricing', () => {
    const { inventory, itinerary, flight, clock } = setup();
    const main = priceClass('MAIN')!;
    const party = { ADT: 1, CHD: 0, INF: 0 };
    const cheap = priceJourney({ profile: AA_PROFILE, itinerary, priceClass: main, party, inventory, now: clock.now() })!;
    inventory.sell(flight, 'Y', inventory.cabin(flight, 'Y')!.remaining - 1);
    const dear = priceJourney({ profile: AA_PROFILE, itinerary, priceClass: main, party, inventory, now: clock.now() })!;
    expect(dear.totalCents).toBeGreaterThan(cheap.totalCents);
    expect(dear.segments[0]!.rbd).toBe('Y');
    inventory.sell(flight, 'Y', 1);
    expect(priceJourney({ profile: AA_PROFILE, itinerary, priceClass: main, party, inventory, now: clock.now() })).toBeNull();
  });

  it('prices children, infants and taxes to the cent and gets dearer close to departure', () => {
    const { inventory, itinerary, clock } = setup();
    const main = priceClass('MAIN')!;
    const party = { ADT: 1, CHD: 1, INF: 1 };
    const journey = priceJourney({ profile: AA_PROFILE, itinerary, priceClass: main, party, inventory, now: clock.now() })!;
    const adt = journey.perPtc.find((p) => p.ptc === 'ADT')!;
    const inf = journey.perPtc.find((p) => p.ptc === 'INF')!;
    expect(Number.isInteger(adt.baseCents)).toBe(true);
    expect(adt.taxes.find((t) => t.code === 'US')!.cents).toBe(Math.round(adt.baseCents * 0.075));
    expect(inf.totalCents).toBe(0);
    expect(journey.totalCents).toBe(journey.perPtc.reduce((s, p) => s + p.totalCents * p.count, 0));
    clock.set(Date.parse('2026-12-14T12:00:00Z'));
    const late = priceJourney({
      profile: AA_PROFILE,
      itinerary,
      priceClass: main,
      party: { ADT: 1, CHD: 0, INF: 0 },
      inventory,
      now: clock.now(),
    })!;
    expect(late.perPtc[0]!.baseCents).toBeGreaterThan(adt.baseCents);
  });
});
