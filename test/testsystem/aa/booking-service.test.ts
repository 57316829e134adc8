import { describe, expect, it } from 'vitest';
import {
  BookingRefusedError,
  cancelBooking,
  createBooking,
  OfferUnavailableError,
} from '../../../src/testsystem/aa/orders/booking-service.js';
import { PricingControl } from '../../../src/testsystem/aa/fares/fare-currency.js';
import { createFaultControl } from '../../../src/testsystem/aa/control/fault-control.js';
import { createInventoryService } from '../../../src/testsystem/aa/network/inventory-service.js';
import { createOfferStore } from '../../../src/testsystem/aa/offers/offer-store.js';
import { createGhostFlightRule } from '../../../src/testsystem/aa/control/scenario-triggers.js';
import { createScheduleService } from '../../../src/testsystem/aa/network/schedule-service.js';
import { searchOffers } from '../../../src/testsystem/aa/offers/shopping-service.js';
import { createSystemClock } from '../../../src/testsystem/aa/system-clock.js';
import type { TestSystemDeps } from '../../../src/testsystem/aa/test-system-deps.js';
import type { FlightPattern } from '../../../src/testsystem/aa/network/timetable-builder.js';

function deps(): TestSystemDeps {
  let patterns: readonly FlightPattern[] = [];
  const schedule = createScheduleService({ ghostFlights: createGhostFlightRule(() => patterns) });
  patterns = schedule.patterns;
  const clock = createSystemClock();
  clock.set(Date.parse('2026-11-20T12:00:00Z'));
  return {
    schedule,
    clock,
    inventory: createInventoryService({ clock }),
    store: createOfferStore(),
    faults: createFaultControl(),
    pricing: new PricingControl(),
    logger: null,
  };
}

const party = [
  { id: 'PAX1', ptc: 'ADT' as const },
  { id: 'PAX2', ptc: 'CHD' as const },
  { id: 'PAX3', ptc: 'INF' as const },
];

describe('booking against inventory (the API OrderCreate will use)', () => {
  it('sells seats on every segment for adults and children, and gives them back on cancel', () => {
    const d = deps();
    const offer = searchOffers(d, {
      origin: 'AUS',
      destination: 'LHR',
      date: '2026-12-15',
      pax: party,
      cabinCodes: ['5'],
      directOnly: false,
    }).find((o) => o.journey.segments.length === 2)!;
    const before = offer.journey.segments.map((s) => d.inventory.cabin(s.flight, s.cabin)!.remaining);
    const order = createBooking(d, offer.offerId);
    expect(order.bookingReference).toMatch(/^[A-Z2-9]{6}$/);
    const after = offer.journey.segments.map((s) => d.inventory.cabin(s.flight, s.cabin)!.remaining);
    expect(after).toEqual(before.map((n) => n - 2));
    cancelBooking(d, order.orderId);
    expect(offer.journey.segments.map((s) => d.inventory.cabin(s.flight, s.cabin)!.remaining)).toEqual(before);
    expect(d.store.order(order.orderId)!.status).toBe('CANCELLED');
  });

  it('refuses the DFW-SAT ghost flight with AA bracketed text and a missing segment line', () => {
    const d = deps();
    const offers = searchOffers(d, {
      origin: 'DFW',
      destination: 'SAT',
      date: '2026-12-15',
      pax: [party[0]!],
      cabinCodes: [],
      directOnly: true,
    });
    const ghost = offers.find((o) => o.bookingRefusal)!;
    expect(ghost).toBeDefined();
    expect(offers.some((o) => !o.bookingRefusal)).toBe(true);
    let refusal: unknown;
    try {
      createBooking(d, ghost.offerId);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(BookingRefusedError);
    const [first, second] = (refusal as Error).message.split('\n');
    expect(first).toBe('[325] Error during booking process. Code: 21, message: Rebooked segment unavailable');
    expect(second).toMatch(/^Priced segment reference missing: AA\d+\/2026-12-15/);
  });

  it('refuses expired offers and bookings that no longer fit', () => {
    const d = deps();
    const offer = searchOffers(d, {
      origin: 'JFK',
      destination: 'LAX',
      date: '2026-12-15',
      pax: [party[0]!],
      cabinCodes: ['5'],
      directOnly: true,
    })[0]!;
    const segment = offer.journey.segments[0]!;
    d.inventory.sell(segment.flight, segment.cabin, d.inventory.cabin(segment.flight, segment.cabin)!.remaining);
    expect(() => createBooking(d, offer.offerId)).toThrow(BookingRefusedError);
    d.clock.advance(31 * 60 * 1000);
    expect(() => createBooking(d, offer.offerId)).toThrow(OfferUnavailableError);
  });
});
