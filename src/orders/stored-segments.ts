import type { OrderSegment } from '../connectors/order-types.js';
import type { OrderRow } from '../platform/db/rows.js';

/**
 * A segment as gateways before the one segment model stored it in `orders.details`: the carrier
 * and digits in one `flightNumber` (`AA2687`), and none of the offer's other segment fields.
 */
type LegacySegment = Omit<
  OrderSegment,
  'marketingFlightNumber' | 'operatingCarrierName' | 'operatingFlightNumber' | 'aircraft' | 'durationMinutes'
> & { flightNumber: string };
type StoredSegment = OrderSegment | LegacySegment;

function currentSegment(stored: StoredSegment): OrderSegment {
  if ('marketingFlightNumber' in stored) return stored;
  const { flightNumber, ...rest } = stored;
  return {
    operatingCarrierName: null,
    operatingFlightNumber: null,
    aircraft: null,
    durationMinutes: null,
    ...rest,
    marketingFlightNumber: flightNumber.startsWith(rest.marketingCarrier)
      ? flightNumber.slice(rest.marketingCarrier.length)
      : flightNumber,
  };
}

/**
 * The row with its segments in today's shape. Orders stored before the change are read through
 * this rather than rewritten by a migration, so the next write stores them in the new shape and a
 * refresh compares like with like (no false `order.updated`).
 */
export function withCurrentSegments(row: OrderRow): OrderRow {
  const segments = row.details.airline.segments as StoredSegment[];
  if (segments.every((s) => 'marketingFlightNumber' in s)) return row;
  return {
    ...row,
    details: { ...row.details, airline: { ...row.details.airline, segments: segments.map(currentSegment) } },
  };
}
