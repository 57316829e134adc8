// Seats per dated flight and cabin. A flight starts with a seeded baseline load that grows as
// departure approaches; bookings sell seats on top of it and cancellations give them back. Booking
// classes close from the cheapest up as the cabin fills, which is what moves prices with load.

import { capacityByCabin, type AircraftType, type CabinCode } from './aircraft.js';
import type { DatedFlight } from './schedule-service.js';
import { unitFor } from './seeded-random.js';
import type { SystemClock } from '../system-clock.js';

export class SoldOutError extends Error {
  constructor(
    readonly flightKey: string,
    readonly cabin: CabinCode,
  ) {
    super(`no seats left in cabin ${cabin} on ${flightKey}`);
  }
}

export interface CabinAvailability {
  capacity: number;
  sold: number;
  remaining: number;
  loadFactor: number;
}

export interface InventoryService {
  cabin(flight: DatedFlight, cabin: CabinCode): CabinAvailability | undefined;
  /** Sells seats for a booking; throws SoldOutError when the cabin cannot take them all. */
  sell(flight: DatedFlight, cabin: CabinCode, seats: number): void;
  release(flight: DatedFlight, cabin: CabinCode, seats: number): void;
  closeFlight(flightKey: string): void;
  /** The booking class to sell from a ladder ordered most expensive first, or null when all are closed. */
  openBookingClass(
    flight: DatedFlight,
    cabin: CabinCode,
    ladder: readonly string[],
    seats: number,
  ): { rbd: string; step: number } | null;
  reset(): void;
  stats(): { flightsTouched: number; seatsSold: number; closedFlights: number };
  /** Seats sold and flights closed since the last commit, for the store to write (storage/airline-state.ts). */
  pending(): InventoryChanges | null;
  accept(): void;
  /** The write failed: seats and closures go back to what was last written. */
  rollback(): void;
  load(state: InventoryChanges): void;
  /**
   * Forgets seats sold and closures of flights dated before `date` (YYYY-MM-DD), already deleted
   * from storage: the retention purge. Answers how many flights it forgot.
   */
  forgetBefore(date: string): number;
}

/** Seats sold on top of the baseline per flight and cabin, and flights closed by the control route. */
export interface InventoryChanges {
  sold: { flightKey: string; cabin: CabinCode; seats: number }[];
  closed: string[];
}

export function createInventoryService(deps: {
  clock: SystemClock;
  /** The airline's aircraft by the code a flight pattern names (profile.network.aircraft). */
  aircraft: Readonly<Record<string, AircraftType>>;
  isSoldOut?: (flight: DatedFlight) => boolean;
}): InventoryService {
  const booked = new Map<string, number>();
  const closed = new Set<string>();
  // What each key held when it was last written, for pending() and rollback().
  const before = new Map<string, number | undefined>();
  const newlyClosed = new Set<string>();

  function setBooked(key: string, seats: number): void {
    if (!before.has(key)) before.set(key, booked.get(key));
    booked.set(key, seats);
  }

  function baselineLoad(flight: DatedFlight, cabin: CabinCode): number {
    const daysOut = Math.max(0, (flight.depUtc - deps.clock.now()) / 86400000);
    const seed = unitFor(`${flight.key}|${cabin}|load`);
    // Between 30% and 70% booked two months out, filling towards 70-98% on the day.
    const far = 0.3 + 0.4 * seed;
    const near = 0.7 + 0.28 * seed;
    const progress = 1 - Math.min(daysOut, 60) / 60;
    return far + (near - far) * progress;
  }

  function cabin(flight: DatedFlight, code: CabinCode): CabinAvailability | undefined {
    const type = deps.aircraft[flight.pattern.aircraft];
    const capacity = type ? capacityByCabin(type)[code] : undefined;
    if (!capacity) return undefined;
    const soldOut = closed.has(flight.key) || (deps.isSoldOut?.(flight) ?? false);
    const extra = booked.get(`${flight.key}|${code}`) ?? 0;
    const sold = soldOut ? capacity : Math.min(capacity, Math.floor(baselineLoad(flight, code) * capacity) + extra);
    return { capacity, sold, remaining: capacity - sold, loadFactor: sold / capacity };
  }

  return {
    cabin,
    sell(flight, code, seats) {
      const state = cabin(flight, code);
      if (!state || state.remaining < seats) throw new SoldOutError(flight.key, code);
      const key = `${flight.key}|${code}`;
      setBooked(key, (booked.get(key) ?? 0) + seats);
    },
    release(flight, code, seats) {
      const key = `${flight.key}|${code}`;
      setBooked(key, Math.max(0, (booked.get(key) ?? 0) - seats));
    },
    closeFlight(flightKey) {
      if (!closed.has(flightKey)) newlyClosed.add(flightKey);
      closed.add(flightKey);
    },
    openBookingClass(flight, code, ladder, seats) {
      const state = cabin(flight, code);
      if (!state || state.remaining < seats) return null;
      // The fuller the cabin, the more of the cheap classes at the end of the ladder are closed.
      const step = Math.min(ladder.length - 1, Math.floor(state.loadFactor * ladder.length * 0.999));
      const index = ladder.length - 1 - step;
      const rbd = ladder[index];
      return rbd ? { rbd, step } : null;
    },
    reset() {
      booked.clear();
      closed.clear();
      before.clear();
      newlyClosed.clear();
    },
    stats() {
      let seatsSold = 0;
      for (const n of booked.values()) seatsSold += n;
      return {
        flightsTouched: new Set([...booked.keys()].map((k) => k.split('|')[0])).size,
        seatsSold,
        closedFlights: closed.size,
      };
    },
    pending() {
      const sold = [...before.keys()]
        .filter((key) => booked.get(key) !== before.get(key))
        .map((key) => {
          const [flightKey, cabin] = key.split('|') as [string, CabinCode];
          return { flightKey, cabin, seats: booked.get(key) ?? 0 };
        });
      return sold.length > 0 || newlyClosed.size > 0 ? { sold, closed: [...newlyClosed] } : null;
    },
    accept() {
      before.clear();
      newlyClosed.clear();
    },
    rollback() {
      for (const [key, seats] of before) {
        if (seats === undefined) booked.delete(key);
        else booked.set(key, seats);
      }
      for (const key of newlyClosed) closed.delete(key);
      before.clear();
      newlyClosed.clear();
    },
    forgetBefore(date) {
      const flights = new Set<string>();
      for (const key of booked.keys()) {
        const flightKey = key.slice(0, key.indexOf('|'));
        if (flightDate(flightKey) >= date) continue;
        booked.delete(key);
        flights.add(flightKey);
      }
      for (const key of closed) {
        if (flightDate(key) >= date) continue;
        closed.delete(key);
        flights.add(key);
      }
      return flights.size;
    },
    load(state) {
      for (const s of state.sold) booked.set(`${s.flightKey}|${s.cabin}`, s.seats);
      for (const key of state.closed) closed.add(key);
    },
  };
}

/** A flight key is `AA123/2026-12-14`: its date; a key of another shape sorts after every date (never forgotten). */
function flightDate(flightKey: string): string {
  const slash = flightKey.indexOf('/');
  return slash < 0 ? '\uffff' : flightKey.slice(slash + 1);
}
