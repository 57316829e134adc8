// Involuntary schedule changes, as an airline's operations make them: one flight retimed, renumbered or
// cancelled, applied to every booking that holds it. Each booking keeps the flight it had (the
// notification's `Old`), gets the new one, a notice and a new version, exactly once per change.

import type { AirlineProfile } from '../airline-profile.js';
import type { DatedFlight } from '../network/schedule-service.js';
import { allBookings, seatedPax, type Booking } from '../orders/booking-record.js';
import { significantRetime, soldTimes, type InvoluntaryChange } from '../orders/involuntary-change.js';
import { splitSegment } from '../orders/segment-split.js';
import type { TestSystemDeps } from '../test-system-deps.js';
import { alternativeConnection, alternativeFlight } from './reaccommodation.js';

export const SCHEDULE_CHANGE_KINDS = ['retime', 'renumber', 'cancel'] as const;
export type ScheduleChangeKind = (typeof SCHEDULE_CHANGE_KINDS)[number];

export interface ScheduleChange {
  /** The flight as `AA2687/2026-12-15` (marketing number and local departure date), as /control/inventory names it. */
  flight: string;
  change: ScheduleChangeKind;
  /** retime: minutes to move departure and arrival by, or the new local times. */
  minutes: number | null;
  departure: string | null;
  arrival: string | null;
  /** renumber: the new marketing flight number. */
  flightNumber: number | null;
  /** false: apply the change but send no OrderChangeNotif (what a lost notification looks like). */
  notify: boolean;
}

/** One segment of one booking the change reached: the flight before and after. */
export interface SegmentChange {
  segmentIndex: number;
  before: DatedFlight;
  /** The flight now: the same flight retimed or renumbered, the alternative of a cancelled one, or `before` when none. */
  after: DatedFlight;
  /** The flight was cancelled (`after` is then the alternative, or `before` when `rebooked` is false). */
  cancelled: boolean;
  /** A cancelled flight's passengers were moved to `after`. */
  rebooked: boolean;
  /**
   * Re-accommodated on a connection: the second flight, after `after`. The booking then holds both
   * in place of the cancelled one (segmentIndex and segmentIndex + 1).
   */
  connection?: DatedFlight;
}

export interface BookingChange {
  booking: Booking;
  segments: SegmentChange[];
}

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/** The control body, checked field by field; a sentence naming the field when it is wrong. */
export function readScheduleChange(carrier: string, body: unknown): ScheduleChange | string {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const flight = typeof b.flight === 'string' ? b.flight : typeof b.flightKey === 'string' ? b.flightKey : '';
  if (!new RegExp(`^${carrier}\\d{1,4}\\/\\d{4}-\\d{2}-\\d{2}$`).test(flight))
    return `flight must name a flight as ${carrier}2687/2026-12-15`;
  const change = b.change as ScheduleChangeKind;
  if (!SCHEDULE_CHANGE_KINDS.includes(change)) return `change must be one of ${SCHEDULE_CHANGE_KINDS.join(', ')}`;
  if (b.notify !== undefined && typeof b.notify !== 'boolean') return 'notify must be true or false';
  const out: ScheduleChange = {
    flight,
    change,
    minutes: null,
    departure: null,
    arrival: null,
    flightNumber: null,
    notify: b.notify !== false,
  };
  if (change === 'retime') {
    if (b.minutes !== undefined) {
      if (!Number.isInteger(b.minutes) || b.minutes === 0 || Math.abs(b.minutes as number) > 24 * 60)
        return 'minutes must be a whole number of minutes from -1440 to 1440, not 0';
      out.minutes = b.minutes as number;
    } else {
      for (const field of ['departure', 'arrival'] as const) {
        if (typeof b[field] !== 'string' || !LOCAL_TIME.test(b[field] as string))
          return `${field} must be a local date-time (2026-12-15T09:30) when minutes is not given`;
        out[field] = (b[field] as string).length === 16 ? `${b[field] as string}:00` : (b[field] as string);
      }
    }
  }
  if (change === 'renumber') {
    if (!Number.isInteger(b.flightNumber) || (b.flightNumber as number) < 1 || (b.flightNumber as number) > 9999)
      return 'flightNumber must be a flight number from 1 to 9999';
    out.flightNumber = b.flightNumber as number;
  }
  return out;
}

const localMs = (local: string) => Date.parse(`${local}Z`);
const localText = (ms: number) => new Date(ms).toISOString().slice(0, 19);
/** The flight as the booking shows it now (a renumbered flight keeps its original inventory key). */
const shownKey = (carrier: string, f: DatedFlight) => `${carrier}${f.pattern.flightNumber}/${f.date}`;

/** The flight after the change; a string when the change cannot apply (times out of order). */
function changed(carrier: string, f: DatedFlight, c: ScheduleChange): DatedFlight | string {
  if (c.change === 'renumber') {
    const ownOperated = f.pattern.operatingCarrier === carrier;
    return {
      ...f,
      pattern: {
        ...f.pattern,
        flightNumber: c.flightNumber!,
        operatingFlightNumber: ownOperated ? c.flightNumber! : f.pattern.operatingFlightNumber,
      },
    };
  }
  if (c.change === 'cancel') return f;
  const depShift = c.minutes !== null ? c.minutes * 60_000 : localMs(c.departure!) - localMs(f.depLocal);
  const arrShift = c.minutes !== null ? c.minutes * 60_000 : localMs(c.arrival!) - localMs(f.arrLocal);
  if (f.arrUtc + arrShift <= f.depUtc + depShift) return 'arrival must be after departure';
  return {
    ...f,
    depUtc: f.depUtc + depShift,
    arrUtc: f.arrUtc + arrShift,
    depLocal: localText(localMs(f.depLocal) + depShift),
    arrLocal: localText(localMs(f.arrLocal) + arrShift),
  };
}

function notice(profile: AirlineProfile, c: ScheduleChange, before: DatedFlight, after: DatedFlight): string {
  const flight = `${profile.code}${before.pattern.flightNumber}`;
  const { texts } = profile;
  if (c.change === 'cancel') return texts.scheduleCancelled(flight, before.date);
  if (c.change === 'renumber')
    return texts.scheduleRenumbered(flight, before.date, `${profile.code}${after.pattern.flightNumber}`);
  return texts.scheduleRetimed(flight, before.date, after.depLocal, after.arrLocal);
}

/**
 * Applies the change to every open booking holding the flight. A cancelled flight moves each
 * booking's passengers to an alternative (reaccommodation.ts: same route and cabin, seats for all;
 * else a one-stop connection, whose two flights take the segment's place: segment-split.ts) — the
 * seats move with them — or, with none within a day, cancels that segment alone. Either way
 * the booking stays open and its tickets stay valid: the traveller may take the alternative, or
 * ask for the refund a cancellation or significant change owes (involuntary-change.ts). Only an
 * unpaid hold left with no segment closes.
 */
export function applyScheduleChange(deps: TestSystemDeps, c: ScheduleChange): BookingChange[] | string {
  const { profile } = deps;
  const carrier = profile.code;
  const out: BookingChange[] = [];
  for (const b of allBookings(deps)) {
    if (b.status === 'CANCELLED') continue;
    const segments: SegmentChange[] = [];
    for (const [i, s] of b.journey.segments.entries()) {
      if (b.cancelledSegments?.includes(i)) continue;
      if (s.flight.key !== c.flight && shownKey(carrier, s.flight) !== c.flight) continue;
      const after = changed(carrier, s.flight, c);
      if (typeof after === 'string') return after;
      segments.push({ segmentIndex: i, before: s.flight, after, cancelled: c.change === 'cancel', rebooked: false });
    }
    if (segments.length > 0) out.push({ booking: b, segments });
  }
  const at = deps.clock.now();
  for (const { booking: b, segments } of out) {
    const next = [...b.journey.segments];
    const seats = seatedPax(b).length;
    const records: InvoluntaryChange[] = [];
    for (const s of segments) {
      const segment = next[s.segmentIndex]!;
      if (c.change === 'cancel') {
        deps.inventory.release(segment.flight, segment.cabin, seats);
        const wanted = {
          cancelled: segment.flight,
          cabin: segment.cabin,
          seats,
          around: neighbours(b, next, s.segmentIndex),
          excluded: new Set([c.flight]),
        };
        const nonStop = alternativeFlight(deps, wanted);
        const legs = nonStop ? [nonStop] : (alternativeConnection(deps, wanted) ?? []);
        const alternative = legs[0];
        if (alternative) {
          for (const leg of legs) deps.inventory.sell(leg, segment.cabin, seats);
          s.after = alternative;
          s.rebooked = true;
          if (legs[1]) s.connection = legs[1];
          next[s.segmentIndex] = { ...segment, flight: alternative };
          b.notices.push(
            profile.texts.scheduleRebooked(
              `${carrier}${s.before.pattern.flightNumber}`,
              s.before.date,
              rebookedOn(carrier, legs),
              alternative.depLocal,
            ),
          );
        } else {
          b.cancelledSegments = [...(b.cancelledSegments ?? []), s.segmentIndex];
          b.notices.push(notice(profile, c, s.before, s.after));
        }
        records.push({
          segmentIndex: s.segmentIndex,
          kind: alternative ? 'rebooked' : 'cancelled',
          significant: true,
          at,
          before: { depUtc: s.before.depUtc, arrUtc: s.before.arrUtc },
        });
        continue;
      }
      next[s.segmentIndex] = { ...segment, flight: s.after };
      b.notices.push(notice(profile, c, s.before, s.after));
      records.push({
        segmentIndex: s.segmentIndex,
        kind: c.change === 'renumber' ? 'renumbered' : 'retimed',
        significant:
          c.change === 'retime' &&
          significantRetime(soldTimes(b.involuntaryChanges, s.segmentIndex, s.before), s.after, b.journey.international),
        at,
        before: { depUtc: s.before.depUtc, arrUtc: s.before.arrUtc },
      });
    }
    b.journey = { ...b.journey, segments: next };
    b.involuntaryChanges = [...(b.involuntaryChanges ?? []), ...records];
    // A connection in place of one flight re-indexes the booking; later segments first, so the
    // indexes of earlier ones still hold, then each change names where its segment now is.
    for (const s of [...segments].sort((x, y) => y.segmentIndex - x.segmentIndex))
      if (s.connection) splitSegment(b, s.segmentIndex, [s.after, s.connection]);
    const shifts = segments.filter((s) => s.connection).map((s) => s.segmentIndex);
    for (const s of segments) s.segmentIndex += shifts.filter((i) => i < s.segmentIndex).length;
    // An unpaid hold left with nothing to fly closes (nothing was paid, nothing to refund); a
    // ticketed booking stays open, its tickets valid, for the refund the cancellation owes.
    if (b.tickets.length === 0 && (b.cancelledSegments?.length ?? 0) >= b.journey.segments.length) b.status = 'CANCELLED';
    b.version++;
  }
  return out;
}

/** The flights a cancelled one's passengers now hold, as the notice names them: `AA2691`, or `AA1402 and AA2271 via DFW`. */
function rebookedOn(carrier: string, legs: readonly DatedFlight[]): string {
  const numbers = legs.map((l) => `${carrier}${l.pattern.flightNumber}`);
  return legs.length > 1 ? `${numbers.join(' and ')} via ${legs[0]!.pattern.destination}` : numbers[0]!;
}

/** The segments around one in the same journey (direction), for a connection the alternative must keep. */
function neighbours(b: Booking, segments: Booking['journey']['segments'], index: number) {
  const sameTrip = (j: number) => directionOf(b, j) === directionOf(b, index);
  const before = index > 0 && sameTrip(index - 1) && !b.cancelledSegments?.includes(index - 1) ? segments[index - 1] : undefined;
  const after =
    index + 1 < segments.length && sameTrip(index + 1) && !b.cancelledSegments?.includes(index + 1)
      ? segments[index + 1]
      : undefined;
  return { previousArrival: before?.flight.arrUtc ?? null, nextDeparture: after?.flight.depUtc ?? null };
}

/** Which journey (outbound, return) a segment index belongs to. */
function directionOf(b: Booking, index: number): number {
  let end = 0;
  for (const [d, n] of b.journey.directions.entries()) if (index < (end += n)) return d;
  return b.journey.directions.length;
}
