import type { ReshopRequest } from '../../connectors/order-types.js';
import { badRequest } from '../../platform/errors.js';
import type { open } from './context.js';
import { listedJourneys, readJourneys } from './reissue-scope.js';

type Opened = Awaited<ReturnType<typeof open>>;

/** A reshop body's slice: a new date, and optionally the airports, of one journey. */
export interface ReshopSlice {
  origin?: string;
  destination?: string;
  departure_date: string;
}

interface Journey {
  origin: string;
  destination: string;
  date: string;
}

/**
 * The airline's reshop request for `POST /reshop`: one origin-destination per journey still booked,
 * in order, so a round trip is reshopped as a round trip (as VS's OrderReshopRQ sample asks, one
 * OriginDestCriteria per journey). `slices[i]` gives journey i its new date; its airports, when
 * given, must be the journey's own (a reshop keeps each journey's way; the airlines refuse one that
 * drops it). A journey without a slice keeps its booked date; more slices than journeys is refused.
 */
export async function reshopScope(
  opened: Opened,
  body: { slices?: ReshopSlice[]; cabin?: ReshopRequest['cabin'] },
): Promise<ReshopRequest> {
  const fresh = await readJourneys(opened);
  const journeys = bookedJourneys(opened, fresh);
  const slices = body.slices ?? [];
  if (slices.length > journeys.length)
    throw badRequest(
      `slices[${journeys.length}]: the order has ${journeys.length} journey(s) (${journeys.map(wayOf).join(', ')}); ` +
        'a reshop takes at most one slice per journey, in order',
      'invalid_request',
      { field: `slices[${journeys.length}]` },
    );
  slices.forEach((slice, i) => {
    const journey = journeys[i]!;
    for (const end of ['origin', 'destination'] as const) {
      const asked = slice[end]?.trim().toUpperCase();
      if (asked !== undefined && asked !== journey[end])
        throw badRequest(
          `slices[${i}].${end}: ${asked} is not the ${end} of the order's journey ${i + 1} (${wayOf(journey)}); ` +
            "a reshop keeps each journey's origin and destination (a new route is a new booking)",
          'invalid_request',
          { field: `slices[${i}].${end}` },
        );
    }
  });
  return {
    slices: journeys.map((j, i) => ({
      origin: j.origin,
      destination: j.destination,
      departureDate: slices[i]?.departure_date ?? j.date,
    })),
    cabin: body.cabin ?? null,
    ...(fresh.asRead ? { asRead: fresh.asRead } : {}),
  };
}

const wayOf = (j: Journey) => `${j.origin}-${j.destination}`;

/**
 * The journeys with a segment still booked, each from its first flight's origin and date to its
 * last flight's destination. An order the airline shows no segment of, or a source that lists no
 * journeys, keeps the stored way: the order's origin to its destination.
 */
function bookedJourneys(opened: Opened, fresh: Awaited<ReturnType<typeof readJourneys>>): Journey[] {
  const at = (id: string) => fresh.order.segments.find((s) => s.segmentId === id)!;
  const booked = listedJourneys(fresh).filter((j) => j.some((id) => at(id).status !== 'cancelled'));
  if (booked.length === 0 || fresh.journeys === null) {
    const { order } = opened;
    const first = order.details.airline.segments[0]?.departingAt.slice(0, 10) ?? '';
    return [{ origin: order.origin, destination: order.destination, date: first }];
  }
  return booked.map((j) => ({
    origin: at(j[0]!).origin,
    destination: at(j.at(-1)!).destination,
    date: at(j[0]!).departingAt.slice(0, 10),
  }));
}
