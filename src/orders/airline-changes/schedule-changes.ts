import type { OrderSegment } from '../../connectors/order-types.js';
import { significantRetime } from './significance.js';

/**
 * What an airline changed on a booked segment on its own (a retime, a new flight number, a
 * cancelled flight), kept on the order until the agency acknowledges it: airlines require the
 * agency to accept an involuntary change, so the order shows old beside new until then.
 */
export interface SegmentScheduleChange {
  /** The segment's id now: a new flight number gives the segment a new id. */
  segmentId: string;
  /** The segment as the agency last accepted it (before the first unacknowledged change). */
  previous: {
    segmentId: string;
    departingAt: string;
    arrivingAt: string;
    flightNumber: string;
    status: OrderSegment['status'];
  };
  /** When the gateway learnt of the latest change (ISO 8601). */
  detectedAt: string;
  /**
   * What the airline did, from the accepted values to the current ones: `cancelled` (no
   * alternative), `rebooked` (flight cancelled, passengers moved to another flight), `retimed`,
   * `renumbered`. Absent in changes recorded before it was kept (read as `retimed`).
   */
  kind?: ChangeKind;
  /**
   * A cancellation, or a significant retime (significance.ts); null when the gateway cannot tell
   * (a retime between the domestic and international thresholds, airports not in the reference
   * data); absent in older records (read as false).
   */
  significant?: boolean | null;
  /**
   * The segments the airline put in place of `previous` when their count differs (a cancelled
   * non-stop re-accommodated on a connection: two segments, each showing this change); absent when
   * the segment was changed in place.
   */
  replacedBy?: string[];
}

export type ChangeKind = 'cancelled' | 'rebooked' | 'retimed' | 'renumbered';

const shape = (s: OrderSegment): SegmentScheduleChange['previous'] => ({
  segmentId: s.segmentId,
  departingAt: s.departingAt,
  arrivingAt: s.arrivingAt,
  flightNumber: s.marketingFlightNumber,
  status: s.status,
});

const same = (a: SegmentScheduleChange['previous'], b: SegmentScheduleChange['previous']) =>
  a.departingAt === b.departingAt && a.arrivingAt === b.arrivingAt && a.flightNumber === b.flightNumber && a.status === b.status;

/** What the change from the accepted values to the current ones is, and whether it is significant. */
function describe(
  previous: SegmentScheduleChange['previous'],
  now: SegmentScheduleChange['previous'],
  international: boolean | null,
) {
  const kind: ChangeKind =
    now.status === 'cancelled'
      ? 'cancelled'
      : previous.flightNumber !== now.flightNumber
        ? previous.departingAt === now.departingAt && previous.arrivingAt === now.arrivingAt
          ? 'renumbered'
          : 'rebooked'
        : 'retimed';
  const significant =
    kind === 'cancelled' || kind === 'rebooked'
      ? true
      : kind === 'retimed'
        ? significantRetime(previous, now, international)
        : false;
  return { kind, significant };
}

/**
 * Where the segment count changed: each segment taken off that the airline replaced by new ones in
 * the same place (between the same kept segments), with those new segments. A segment taken off
 * with nothing new in its place (the agency's own partial cancellation) is no schedule change, nor
 * are new segments that two removed ones share.
 */
function replacements(before: readonly OrderSegment[], after: readonly OrderSegment[]): [OrderSegment, OrderSegment[]][] {
  const beforeIds = new Set(before.map((s) => s.segmentId));
  const position = new Map(after.map((s, i) => [s.segmentId, i]));
  const kept = (s: OrderSegment) => position.has(s.segmentId);
  const runs = before.flatMap((b, i): [OrderSegment, OrderSegment[]][] => {
    if (kept(b)) return [];
    const previous = before.slice(0, i).findLast(kept);
    const next = before.slice(i + 1).find(kept);
    const from = previous ? position.get(previous.segmentId)! + 1 : 0;
    const to = next ? position.get(next.segmentId)! : after.length;
    const added = after.slice(from, to).filter((a) => !beforeIds.has(a.segmentId));
    return added.length > 0 ? [[b, added]] : [];
  });
  return runs.filter(([, added]) => runs.filter(([, other]) => other[0] === added[0]).length === 1);
}

/**
 * The changes pending after the airline's new view of the segments. Segments are paired by
 * position when the count is unchanged (a renumber changes the id), else by id (a segment taken
 * off is no schedule change), and a segment replaced by new ones in its place (a connection
 * instead of a cancelled non-stop) shows the change on each of them. A segment changed twice keeps
 * the values the agency accepted; one changed back to them has nothing pending any more.
 */
export function trackScheduleChanges({
  pending,
  before,
  after,
  at,
  international,
}: {
  pending: readonly SegmentScheduleChange[] | undefined;
  before: readonly OrderSegment[];
  after: readonly OrderSegment[];
  at: Date;
  /** Whether the itinerary is international (significance.ts), null when unknown: a retime's threshold depends on it. */
  international: boolean | null;
}): SegmentScheduleChange[] {
  const present = new Set(after.map((s) => s.segmentId));
  const pairs: [OrderSegment, OrderSegment][] =
    before.length === after.length
      ? before.map((b, i) => [b, after[i]!])
      : before.flatMap((b) => after.filter((a) => a.segmentId === b.segmentId).map((a): [OrderSegment, OrderSegment] => [b, a]));
  let out = (pending ?? []).map((c) => ({ ...c, previous: { ...c.previous } }));
  for (const [b, a] of pairs) {
    const old = shape(b);
    const now = shape(a);
    if (same(old, now) && old.segmentId === now.segmentId) continue;
    const known = out.find((c) => c.segmentId === b.segmentId);
    if (!known) {
      if (!same(old, now))
        out.push({ segmentId: a.segmentId, previous: old, detectedAt: at.toISOString(), ...describe(old, now, international) });
      continue;
    }
    known.segmentId = a.segmentId;
    known.detectedAt = at.toISOString();
    Object.assign(known, describe(known.previous, now, international));
    if (same(known.previous, now)) out = out.filter((c) => c !== known);
  }
  if (before.length !== after.length)
    for (const [removed, added] of replacements(before, after)) {
      const known = out.find((c) => c.segmentId === removed.segmentId);
      const previous = known ? known.previous : shape(removed);
      out = out.filter((c) => c !== known);
      const replacedBy = added.map((a) => a.segmentId);
      for (const a of added)
        out.push({
          segmentId: a.segmentId,
          previous: { ...previous },
          detectedAt: at.toISOString(),
          kind: 'rebooked',
          significant: true,
          replacedBy,
        });
    }
  return out.filter((c) => present.has(c.segmentId));
}
