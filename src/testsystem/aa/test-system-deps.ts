// What every message handler may use, built once per test-system instance in server.ts.

import type { Logger } from 'pino';
import type { PricingControl } from './fare-currency.js';
import type { FaultControl } from './fault-control.js';
import type { InventoryService } from './inventory-service.js';
import type { OfferStore } from './offer-store.js';
import type { ScheduleService } from './schedule-service.js';
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
