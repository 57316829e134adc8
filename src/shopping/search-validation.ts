import type { Cabin, SearchQuery, SliceQuery } from '../connectors/connector-types.js';
import { passengerCountsProblem } from '../connectors/trip-limits.js';
import { badRequest } from '../platform/errors.js';
import { isIso4217 } from '../platform/money.js';
import { cityName, sameCity } from './metro-areas.js';
import type { SearchRequestBody } from './search-schemas.js';

export interface SearchRequest {
  query: SearchQuery;
  includePartnerOperated: boolean;
  /** Owner airlines the offers must belong to (upper case, sorted, once each); null: any. */
  airlines: readonly string[] | null;
}

const CODE = /^[A-Z]{3}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A real calendar date (proleptic Gregorian, as `Date` reads it), checked without making one. */
function validDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/**
 * The earliest departure date still valid somewhere: a date is local to the origin, and the
 * latest time zone (UTC-12) is still on yesterday's UTC date for the first twelve hours.
 */
function earliestDate(now: Date): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * How far ahead airlines sell: AA opens its schedule 331 days out. A later date cannot have a
 * fare, so it is refused here rather than sent to the airline (which answers it with an error).
 */
export const SELLING_WINDOW_DAYS = 331;

/**
 * The latest departure date on sale somewhere: the earliest time zone (UTC+14) is already on
 * tomorrow's UTC date for part of the day.
 */
function latestDate(now: Date): string {
  return new Date(now.getTime() + 14 * 3_600_000 + SELLING_WINDOW_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Both bounds for `now`, kept for the minute: they change only on whole hours (whole-hour offsets
 * from UTC midnight), so a minute's searches share them instead of formatting two dates each.
 */
let bounds = { minute: Number.NaN, earliest: '', latest: '' };
function saleBounds(now: Date): { earliest: string; latest: string } {
  const minute = Math.floor(now.getTime() / 60_000);
  if (bounds.minute !== minute) bounds = { minute, earliest: earliestDate(now), latest: latestDate(now) };
  return bounds;
}

function onSale(date: string, field: string, now: Date): void {
  const { earliest, latest } = saleBounds(now);
  if (date < earliest) throw badRequest(`invalid ${field}: ${date} is in the past`);
  if (date > latest) {
    throw badRequest(
      `invalid ${field}: ${date} is beyond the selling window (${field} must be within ${SELLING_WINDOW_DAYS} days)`,
    );
  }
}

function code(value: string, field: string): string {
  const upper = value.trim().toUpperCase();
  if (!CODE.test(upper)) throw badRequest(`${field} must be a three-letter airport code (got "${value}")`);
  return upper;
}

/** One slice as sent (a `slices[]` item, or the top-level fields); `prefix` names where it was sent. */
function slice(
  { origin, destination, departure_date: date }: { origin?: string; destination?: string; departure_date?: string },
  prefix: string,
  now: Date,
): SliceQuery {
  if (!origin || !destination) throw badRequest(`${prefix}origin and destination are required`);
  const from = code(origin, `${prefix}origin`);
  const to = code(destination, `${prefix}destination`);
  if (sameCity(from, to)) {
    throw badRequest(
      from === to
        ? `${prefix}origin and destination must differ (both are ${from})`
        : `${prefix}origin and destination are in the same city (${from} and ${to} are both ${cityName(from)})`,
    );
  }
  if (!date) throw badRequest(`${prefix}departure_date is required`);
  if (!validDate(date)) throw badRequest(`invalid ${prefix}departure_date: expected a calendar date YYYY-MM-DD`);
  onSale(date, `${prefix}departure_date`, now);
  return { origin: from, destination: to, departureDate: date };
}

/** The requested currency as sent: exactly three upper-case letters naming an active ISO 4217 code. */
function currency(value: string): string {
  if (!CODE.test(value)) throw badRequest(`currency must be a three-letter upper-case ISO 4217 code (got "${value}")`);
  if (!isIso4217(value)) throw badRequest(`currency ${value} is not an ISO 4217 currency code`);
  return value;
}

/** Every rule of interface rule 9, in the order a person fixing the request would want them. */
export function validateSearch(body: SearchRequestBody, now: Date): SearchRequest {
  const adults = body.adults;
  const children = body.children ?? 0;
  const infants = body.infants ?? 0;
  // The same rule bounds the counts read back from an offer id (ndc/offer-ref.ts).
  const passengers = passengerCountsProblem({ adults, children, infants });
  if (passengers !== null) throw badRequest(passengers);

  let slices: SliceQuery[];
  if (body.slices) {
    if (body.origin || body.destination || body.departure_date || body.return_date) {
      throw badRequest('slices cannot be combined with origin, destination, departure_date or return_date');
    }
    slices = body.slices.map((s, i) => slice(s, `slices[${i}].`, now));
    for (let i = 1; i < slices.length; i++) {
      if (slices[i]!.departureDate < slices[i - 1]!.departureDate) {
        throw badRequest(`slices[${i}].departure_date must not be before slices[${i - 1}].departure_date`);
      }
    }
  } else {
    const outbound = slice(body, '', now);
    slices = [outbound];
    if (body.return_date !== undefined) {
      if (!validDate(body.return_date)) throw badRequest('invalid return_date: expected a calendar date YYYY-MM-DD');
      if (body.return_date < outbound.departureDate) throw badRequest('return_date must not be before departure_date');
      onSale(body.return_date, 'return_date', now);
      slices.push({ origin: outbound.destination, destination: outbound.origin, departureDate: body.return_date });
    }
  }

  return {
    query: {
      slices,
      passengers: { adults, children, infants },
      cabin: (body.cabin as Cabin | undefined) ?? null,
      maxConnections: body.max_connections ?? null,
      ...(body.currency !== undefined && { currency: currency(body.currency) }),
    },
    includePartnerOperated: body.include_partner_operated ?? false,
    airlines: body.airlines ? [...new Set(body.airlines.map((a) => a.toUpperCase()))].sort() : null,
  };
}
