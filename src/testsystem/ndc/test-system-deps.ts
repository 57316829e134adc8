// What every message handler may use, built once per test-system instance in server.ts.

import type { Logger } from 'pino';
import type { AirlineProfile } from './airline-profile.js';
import type { PricingControl } from './fares/fare-currency.js';
import type { FaultControl } from './control/fault-control.js';
import type { InventoryService } from './network/inventory-service.js';
import type { OfferStore } from './offers/offer-store.js';
import type { ScheduleService } from './network/schedule-service.js';
import type { AirlineState } from './storage/airline-state.js';
import type { BookingStore } from './storage/booking-store.js';
import type { SystemClock } from './system-clock.js';

export interface TestSystemDeps {
  /** The airline this instance plays: its network, fares, rules and words. */
  profile: AirlineProfile;
  schedule: ScheduleService;
  inventory: InventoryService;
  /** Offers, in memory only: they expire in minutes (offers/offer-store.ts). */
  store: OfferStore;
  /**
   * Bookings by order id, PNR or seller reference, read from memory. After changing a booking call
   * `bookings.save(b)`: it is written before the request answers (storage/airline-state.ts).
   */
  bookings: BookingStore;
  /** Runs work that changes bookings, seats or the clock outside an NDC message or control route. */
  state: AirlineState;
  clock: SystemClock;
  faults: FaultControl;
  /** The filing-currency switch of POST /control/pricing. */
  pricing: PricingControl;
  logger: Logger | null;
}
