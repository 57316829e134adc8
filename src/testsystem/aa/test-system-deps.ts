// What every message handler may use, built once per test-system instance in server.ts.

import type { Logger } from 'pino';
import type { PricingControl } from './fares/fare-currency.js';
import type { FaultControl } from './control/fault-control.js';
import type { InventoryService } from './network/inventory-service.js';
import type { OfferStore } from './offers/offer-store.js';
import type { ScheduleService } from './network/schedule-service.js';
import type { SystemClock } from './system-clock.js';

export interface TestSystemDeps {
  schedule: ScheduleService;
  inventory: InventoryService;
  store: OfferStore;
  clock: SystemClock;
  faults: FaultControl;
  /** The filing-currency switch of POST /control/pricing. */
  pricing: PricingControl;
  logger: Logger | null;
}
