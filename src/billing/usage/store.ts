import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

export interface UsageBucketRow {
  bucket: Date;
  surface: string;
  requests: string;
}

/** Served requests of an agency per bucket (`day` or `hour`, UTC) and surface in [from, to). */
export async function usageBuckets(
  db: Db,
  agencyId: string,
  { from, to, unit }: { from: Date; to: Date; unit: 'day' | 'hour' },
): Promise<UsageBucketRow[]> {
  const { rows } = await sql<UsageBucketRow>`
    select date_trunc(${unit}, hour, 'UTC') as bucket, surface, sum(requests)::text as requests
    from usage_counts
    where agency_id = ${agencyId} and hour >= ${from} and hour < ${to}
    group by 1, 2 order by 1, 2`.execute(db);
  return rows;
}

/** Developer-portal requests served for the agency (before `before`, or ever): what its free allowance paid for. */
export async function portalRequests(db: Db, agencyId: string, before: Date | null = null): Promise<number> {
  const { rows } = await sql<{ n: string | null }>`
    select sum(requests)::text as n from usage_counts
    where agency_id = ${agencyId} and key_kind = 'portal' and (${before}::timestamptz is null or hour < ${before})`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Bookings per UTC day of the days [fromDay, toDay), from the orders feature's exact count. */
export async function bookingsByDay(db: Db, agencyId: string, fromDay: string, toDay: string): Promise<Map<string, number>> {
  const { rows } = await sql<{ day: string; bookings: string }>`
    select to_char(day, 'YYYY-MM-DD') as day, bookings::text as bookings from look_to_book_daily
    where agency_id = ${agencyId} and day >= ${fromDay}::date and day < ${toDay}::date`.execute(db);
  return new Map(rows.map((r) => [r.day, Number(r.bookings)]));
}

/** Searches that reached each airline and the bookings it confirmed, in the days [fromDay, toDay). */
export async function lookToBookByAirline(
  db: Db,
  agencyId: string,
  fromDay: string,
  toDay: string,
): Promise<{ airline: string; searches: number; bookings: number }[]> {
  const { rows } = await sql<{ airline: string; searches: string; bookings: string }>`
    select airline, sum(searches)::text as searches, sum(bookings)::text as bookings from look_to_book_airline_daily
    where agency_id = ${agencyId} and day >= ${fromDay}::date and day < ${toDay}::date
    group by airline order by airline`.execute(db);
  return rows.map((r) => ({ airline: r.airline, searches: Number(r.searches), bookings: Number(r.bookings) }));
}

export interface PeriodUsageRow {
  agency_id: string;
  name: string;
  plan_code: string | null;
  free_allowance: number | null;
  surface: string;
  key_kind: string;
  requests: string;
}

/** Every agency's served requests in [from, to) by surface and key kind: the invoicing export. */
export async function usageOfAllAgencies(db: Db, from: Date, to: Date): Promise<PeriodUsageRow[]> {
  const { rows } = await sql<PeriodUsageRow>`
    select u.agency_id, a.name, a.plan_code, t.free_allowance, u.surface, u.key_kind, sum(u.requests)::text as requests
    from usage_counts u
    join agencies a on a.id = u.agency_id
    left join agency_terms t on t.agency_id = u.agency_id
    where u.hour >= ${from} and u.hour < ${to}
    group by 1, 2, 3, 4, 5, 6
    order by 1, 5, 6`.execute(db);
  return rows;
}

/** Bookings of every agency in [from, to) days. */
export async function bookingsOfAllAgencies(db: Db, from: Date, to: Date): Promise<Map<string, number>> {
  const { rows } = await sql<{ agency_id: string; bookings: string }>`
    select agency_id, sum(bookings)::text as bookings from look_to_book_daily
    where day >= ${from.toISOString().slice(0, 10)}::date and day < ${to.toISOString().slice(0, 10)}::date
    group by 1`.execute(db);
  return new Map(rows.map((r) => [r.agency_id, Number(r.bookings)]));
}
