import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

/**
 * Whether an airline's change is significant under the US DOT refund rule (14 CFR 260.2,
 * "significant change of flight itinerary", in force since October 2024): a cancelled flight, or a
 * departure moved 3 hours or more earlier / an arrival 3 hours or more later, 6 hours for an
 * international itinerary. A significant change entitles the traveller who does not accept it to
 * a full refund to the original form of payment, whatever the fare (14 CFR 260.6).
 */
export const SIGNIFICANT_RETIME_HOURS = { domestic: 3, international: 6 } as const;

const localMs = (local: string) => Date.parse(`${local.slice(0, 19)}Z`);

/**
 * Local times at the same airport compare directly: departure earlier, or arrival later, by the
 * threshold. With the itinerary's kind unknown (`international` null), a shift of 6 hours or more
 * is significant either way, one under 3 hours is not, and one between is unknown (null).
 */
export function significantRetime(
  before: { departingAt: string; arrivingAt: string },
  after: { departingAt: string; arrivingAt: string },
  international: boolean | null,
): boolean | null {
  const shiftMs = Math.max(
    localMs(before.departingAt) - localMs(after.departingAt),
    localMs(after.arrivingAt) - localMs(before.arrivingAt),
  );
  const reaches = (hours: number) => shiftMs >= hours * 3_600_000;
  if (international !== null) return reaches(SIGNIFICANT_RETIME_HOURS[international ? 'international' : 'domestic']);
  if (reaches(SIGNIFICANT_RETIME_HOURS.international)) return true;
  return reaches(SIGNIFICANT_RETIME_HOURS.domestic) ? null : false;
}

/**
 * Whether the itinerary leaves one country, by the airports' countries in the aviation reference
 * data (`aviation_airports`, kept by the aviation sync); null when the data does not know one of
 * the airports (the reference data was never synced): the gateway then neither promises a refund
 * the airline's domestic rule would not give nor denies one it would.
 */
export async function isInternational(db: Db, airports: readonly string[]): Promise<boolean | null> {
  const codes = [...new Set(airports)];
  if (codes.length === 0) return false;
  const { rows } = await sql<{ iata_code: string; country_code: string | null }>`
    select distinct iata_code, country_code from aviation_airports
    where iata_code in (${sql.join(codes)}) and country_code is not null`.execute(db);
  const known = new Map(rows.map((r) => [r.iata_code, r.country_code]));
  if (codes.some((c) => !known.has(c))) return null;
  return new Set(known.values()).size > 1;
}
