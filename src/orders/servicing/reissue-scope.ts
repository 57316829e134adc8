import type { AirlineOrder, OrderSnapshot, ReshopRequest } from '../../connectors/order-types.js';
import type { OrderRow } from '../../platform/db/rows.js';
import { unprocessable } from '../../platform/errors.js';
import type { ErrorCodeAt } from '../../platform/http/error-codes.js';
import { refOf, unwrap } from './context.js';
import type { open } from './context.js';

type Opened = Awaited<ReturnType<typeof open>>;

/**
 * What a reissue changes: the segments, and the airline's reshop request for them (with
 * `segmentIds` when it is one journey of several, the others staying booked and ticketed as they are).
 */
export interface ReissueScope {
  segmentIds: string[];
  request: ReshopRequest;
}

const refuse = (code: ErrorCodeAt<422>, ids: string[], message: string) =>
  unprocessable(message, code, { field: 'segment_ids', segment_ids: ids });

const dateOf = (s: { departingAt: string }) => s.departingAt.slice(0, 10);

/**
 * The whole itinerary: one origin-destination per journey still booked, so a round trip is
 * reshopped as a round trip. `date` moves the first journey; the others move by as many days, so
 * the trip keeps its length.
 */
function wholeItinerary(view: AirlineOrder, journeys: string[][], segmentIds: string[], date: string | undefined): ReissueScope {
  const at = (id: string) => view.segments.find((s) => s.segmentId === id)!;
  const booked = journeys.filter((j) => j.some((id) => at(id).status !== 'cancelled'));
  const firstDate = dateOf(at(booked[0]![0]!));
  const shift = date ? Date.parse(date) - Date.parse(firstDate) : 0;
  return {
    segmentIds,
    request: {
      slices: booked.map((j) => ({
        origin: at(j[0]!).origin,
        destination: at(j.at(-1)!).destination,
        departureDate: new Date(Date.parse(dateOf(at(j[0]!))) + shift).toISOString().slice(0, 10),
      })),
      cabin: null,
    },
  };
}

/** The stored order's way, for an order the airline shows no segment of: origin to destination. */
function storedItinerary(order: OrderRow, date: string | undefined): ReissueScope {
  const first = order.details.airline.segments[0]?.departingAt.slice(0, 10) ?? '';
  return {
    segmentIds: [],
    request: { slices: [{ origin: order.origin, destination: order.destination, departureDate: date ?? first }], cabin: null },
  };
}

/**
 * The rules AA enforces on a reissue, checked against the order as the airline holds it now
 * (journeys as its PaxJourneys list them):
 * - ids must be the order's own, still-booked segments (422 `unknown_segment`, `segment_already_cancelled`);
 * - a journey is changed whole: naming one segment of a connection is refused (422 `partial_journey`,
 *   naming the segments left out), never widened silently, so the caller sees what would move;
 * - a journey flown or partly flown is not changed (422 `segment_flown`, coupon `F`);
 * - one journey per request (`departure_date` is one date), or every segment: the whole itinerary.
 * Without `segment_ids` every segment still booked: the whole itinerary.
 */
export async function reissueScope(
  opened: Opened,
  segmentIds: string[] | undefined,
  date: string | undefined,
): Promise<ReissueScope> {
  const fresh = await readJourneys(opened);
  const scope = scopeOf(opened.order, fresh, segmentIds, date);
  // The reshop starts from the order as read here: one airline call fewer per reissue quote.
  if (fresh.asRead) scope.request.asRead = fresh.asRead;
  return scope;
}

/** The order as the airline holds it now, with its journeys where the airline lists them. */
export interface JourneysRead {
  order: AirlineOrder;
  journeys: string[][] | null;
  asRead?: OrderSnapshot;
}

export async function readJourneys({ order, connector, ctx }: Opened): Promise<JourneysRead> {
  return connector.retrieveOrderJourneys
    ? unwrap(await connector.retrieveOrderJourneys(refOf(order), ctx))
    : { order: unwrap(await connector.retrieveOrder(refOf(order), ctx)), journeys: null };
}

/**
 * The order's journeys as booked, each its segment ids (cancelled ones included: a flight the
 * airline cancelled still says where the journey goes). An airline that lists none: one journey.
 */
export function listedJourneys(fresh: JourneysRead): string[][] {
  const view = fresh.order;
  const known = (id: string) => view.segments.some((s) => s.segmentId === id);
  return (fresh.journeys ?? [view.segments.map((s) => s.segmentId)]).map((j) => j.filter(known)).filter((j) => j.length > 0);
}

function scopeOf(order: OrderRow, fresh: JourneysRead, segmentIds: string[] | undefined, date: string | undefined): ReissueScope {
  const view = fresh.order;
  const booked = view.segments.filter((s) => s.status !== 'cancelled').map((s) => s.segmentId);
  if (booked.length === 0) return storedItinerary(order, date);
  const named = segmentIds?.length ? [...new Set(segmentIds)] : booked;
  const unknown = named.filter((id) => !view.segments.some((s) => s.segmentId === id));
  if (unknown.length > 0) throw refuse('unknown_segment', unknown, `segment_ids: ${unknown.join(', ')} not booked in this order`);
  const cancelled = named.filter((id) => view.segments.some((s) => s.segmentId === id && s.status === 'cancelled'));
  if (cancelled.length > 0)
    throw refuse('segment_already_cancelled', cancelled, `segment_ids: ${cancelled.join(', ')} already cancelled`);
  const live = view.segments.filter((s) => s.status !== 'cancelled').map((s) => s.segmentId);
  // An airline that lists no journeys: the itinerary is one journey, changed whole.
  const listed = listedJourneys(fresh);
  const journeys = listed.map((j) => j.filter((id) => live.includes(id))).filter((j) => j.length > 0);
  const touched = journeys.filter((j) => j.some((id) => named.includes(id)));
  const missing = touched.flatMap((j) => j.filter((id) => !named.includes(id)));
  if (missing.length > 0)
    throw refuse(
      'partial_journey',
      missing,
      `segment_ids: a reissue changes whole journeys; the journey of ${named.join(', ')} also flies ${missing.join(', ')}: ` +
        'name every segment of the journey (a connection is changed whole)',
    );
  const flown = flownOf(view, touched.flat());
  if (flown.length > 0)
    throw refuse('segment_flown', flown, `segment_ids: ${flown.join(', ')} already flown; a flown journey cannot be changed`);
  if (live.every((id) => named.includes(id))) return wholeItinerary(view, listed, live, date);
  if (touched.length > 1)
    throw refuse(
      'one_journey_per_change',
      named,
      'segment_ids: change one journey per request (departure_date is its new date), or name every segment to change the whole itinerary',
    );
  const journey = touched[0]!;
  // From the journey as booked: a flight of it the airline cancelled still says where it was going.
  const whole = listed.find((j) => j.includes(journey[0]!)) ?? journey;
  const first = view.segments.find((s) => s.segmentId === whole[0])!;
  const last = view.segments.find((s) => s.segmentId === whole.at(-1))!;
  return {
    segmentIds: journey,
    request: {
      slices: [{ origin: first.origin, destination: last.destination, departureDate: date ?? first.departingAt.slice(0, 10) }],
      cabin: null,
      segmentIds: journey,
    },
  };
}

/** Segments of the list a passenger has flown (coupon `F`): a journey partly flown is not changed. */
function flownOf(view: AirlineOrder, ids: string[]): string[] {
  const flown = new Set(
    view.tickets.flatMap((t) => t.coupons).filter((c) => c.status === 'F' && c.segmentId && ids.includes(c.segmentId)),
  );
  return ids.filter((id) => [...flown].some((c) => c.segmentId === id));
}
