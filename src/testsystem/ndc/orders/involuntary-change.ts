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
  /** The segment's flight times (UTC ms) before this change: the first change of a segment keeps the times sold. */
  before: { depUtc: number; arrUtc: number };
  /**
   * When the seller accepted the change (OrderChangeRQ `AcceptChange`); absent while pending.
   * Accepting is taking the alternative (14 CFR 260.6): the full refund is no longer owed.
   */
  acceptedAt?: number;
}

/**
 * Whether a change of the same flight's times is significant for the itinerary's kind, measured
 * from the times sold (`before`: the segment's first recorded change keeps them), so two small
 * retimes in a row add up.
 */
export function significantRetime(
  before: Pick<DatedFlight, 'depUtc' | 'arrUtc'>,
  after: Pick<DatedFlight, 'depUtc' | 'arrUtc'>,
  international: boolean,
): boolean {
  const limit = (international ? SIGNIFICANT_RETIME_HOURS.international : SIGNIFICANT_RETIME_HOURS.domestic) * 3_600_000;
  return before.depUtc - after.depUtc >= limit || after.arrUtc - before.arrUtc >= limit;
}

/** The times a segment was sold with: before its first involuntary change, else as it is. */
export function soldTimes(
  changes: readonly InvoluntaryChange[] | undefined,
  segmentIndex: number,
  now: Pick<DatedFlight, 'depUtc' | 'arrUtc'>,
): { depUtc: number; arrUtc: number } {
  const first = changes?.find((c) => c.segmentIndex === segmentIndex);
  return first ? first.before : { depUtc: now.depUtc, arrUtc: now.arrUtc };
}

/** Whether the airline owes the full refund of an involuntary change: a significant change the seller has not accepted. */
export function owesInvoluntaryRefund(b: { involuntaryChanges?: InvoluntaryChange[] }): boolean {
  return (b.involuntaryChanges ?? []).some((c) => c.significant && c.acceptedAt === undefined);
}

/**
 * Whether the booking was disrupted (any significant change, accepted or not): its fare may then be
 * rebooked whatever the brand, and free within the waiver window. Accepting the new flight keeps the
 * waiver; only the full refund ends with the acceptance.
 */
export function disrupted(b: { involuntaryChanges?: InvoluntaryChange[] }): boolean {
  return (b.involuntaryChanges ?? []).some((c) => c.significant);
}

/** Marks every pending change accepted (OrderChangeRQ `AcceptChange`); answers how many were pending. */
export function acceptChanges(b: { involuntaryChanges?: InvoluntaryChange[] }, now: number): number {
  const pending = (b.involuntaryChanges ?? []).filter((c) => c.acceptedAt === undefined);
  for (const c of pending) c.acceptedAt = now;
  return pending.length;
}

/**
 * Whether a new itinerary is the free rebooking a disruption owes: the booking has a significant
 * change, the new journey flies the same origin and destination, and departs within the airline's
 * waiver window (profile.sales.disruptionRebookingDays) either side of the departure first sold.
 */
export function freeRebooking(
  b: { involuntaryChanges?: InvoluntaryChange[]; journey: { segments: readonly { flight: DatedFlight }[] } },
  added: readonly { flight: DatedFlight }[],
  windowDays: number,
): boolean {
  if (!disrupted(b)) return false;
  const sold = b.journey.segments;
  const first = sold[0]?.flight;
  const last = sold.at(-1)?.flight;
  const from = added[0]?.flight;
  const to = added.at(-1)?.flight;
  if (!first || !last || !from || !to) return false;
  if (from.pattern.origin !== first.pattern.origin || to.pattern.destination !== last.pattern.destination) return false;
  const soldDeparture = soldTimes(b.involuntaryChanges, 0, first).depUtc;
  return Math.abs(from.depUtc - soldDeparture) <= windowDays * 86_400_000;
}
