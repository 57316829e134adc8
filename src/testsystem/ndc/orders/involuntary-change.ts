// What the airline keeps of its own changes to a booking, and whether each is significant under the
// US DOT refund rule (14 CFR 260.2, "significant change of flight itinerary"): a cancelled flight, or
// a departure 3 hours or more earlier / an arrival 3 hours or more later (6 hours for an
// international itinerary). A booking with a significant change refunds in full, to the original
// form of payment, whatever its fare (cancellation-terms.ts).

import type { DatedFlight } from '../network/schedule-service.js';

/** Hours of a significant retime: 14 CFR 260.2. */
export const SIGNIFICANT_RETIME_HOURS = { domestic: 3, international: 6 } as const;

export interface InvoluntaryChange {
  /** Index into journey.segments. */
  segmentIndex: number;
  /** retimed / renumbered: the same flight; rebooked: the flight was cancelled and the passengers moved; cancelled: no alternative. */
  kind: 'retimed' | 'renumbered' | 'rebooked' | 'cancelled';
  significant: boolean;
  at: number;
}

/** Whether a change of the same flight's times is significant for the itinerary's kind. */
export function significantRetime(before: DatedFlight, after: DatedFlight, international: boolean): boolean {
  const limit = (international ? SIGNIFICANT_RETIME_HOURS.international : SIGNIFICANT_RETIME_HOURS.domestic) * 3_600_000;
  return before.depUtc - after.depUtc >= limit || after.arrUtc - before.arrUtc >= limit;
}

/** Whether the airline owes the full refund of an involuntary change (any significant change recorded). */
export function owesInvoluntaryRefund(b: { involuntaryChanges?: InvoluntaryChange[] }): boolean {
  return (b.involuntaryChanges ?? []).some((c) => c.significant);
}
