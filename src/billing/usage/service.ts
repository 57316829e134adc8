import type { Db } from '../../platform/db/database.js';
import { badRequest } from '../../platform/errors.js';
import { METER_SURFACES, type MeterSurface } from '../../platform/http/route-policy.js';
import { planOf } from '../plans/catalogue.js';
import type { TermsService } from '../terms/service.js';
import { periodOf } from '../terms/terms.js';
import * as store from './store.js';

export type Granularity = 'day' | 'hour';

export interface UsageQuery {
  from?: string;
  to?: string;
  granularity?: Granularity;
}

// Bounds on one answer: a year of days, or a month of hours.
const MAX_BUCKETS: Record<Granularity, number> = { day: 400, hour: 31 * 24 };
const UNIT_MS: Record<Granularity, number> = { day: 86_400_000, hour: 3_600_000 };

const byDay = (d: Date) => d.toISOString().slice(0, 10);
const zeroSurfaces = () => Object.fromEntries(METER_SURFACES.map((s) => [s, 0])) as Record<MeterSurface, number>;

function instant(field: string, text: string | undefined, fallback: Date): Date {
  if (text === undefined || text === '') return fallback;
  const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(at.getTime())) {
    throw badRequest(`${field} must be a date (YYYY-MM-DD) or an ISO 8601 date-time`, 'invalid_request', { field });
  }
  return at;
}

/** Floors to the start of its UTC hour or day: buckets are whole. */
function floorTo(at: Date, unit: Granularity): Date {
  return new Date(Math.floor(at.getTime() / UNIT_MS[unit]) * UNIT_MS[unit]);
}
function ceilTo(at: Date, unit: Granularity): Date {
  return new Date(Math.ceil(at.getTime() / UNIT_MS[unit]) * UNIT_MS[unit]);
}

/** Searches per booking, to two decimals; null without bookings. */
const ratio = (searches: number, bookings: number) => (bookings > 0 ? Math.round((searches / bookings) * 100) / 100 : null);

export interface UsageServiceDeps {
  db: Db;
  terms: TermsService;
  /** Writes counted usage out first, so the answer includes every request answered so far. */
  flush(): Promise<void>;
  clock(): Date;
}

/** One hour or day of usage: metered requests per surface, searches, and (day buckets) bookings. */
export interface UsageBucket {
  start: string;
  requests: Record<MeterSurface, number>;
  searches: number;
  bookings?: number;
}

/** Searches, bookings and look-to-book of one airline over the range. */
export interface AirlineLookToBook {
  airline: string;
  searches: number;
  bookings: number;
  look_to_book: number | null;
}

/** An agency's usage over a range: its plan and period, allowance, totals and buckets. */
export interface UsageReport {
  agency_id: string;
  plan_code: string;
  period_start: string;
  period_end: string;
  from: string;
  to: string;
  granularity: Granularity;
  allowance: { size: number; used: number; left: number; stops_service: boolean };
  totals: {
    requests: Record<MeterSurface, number>;
    total_requests: number;
    searches: number;
    bookings: number;
    look_to_book: number | null;
    by_airline: AirlineLookToBook[];
  };
  buckets: UsageBucket[];
}

export interface UsageService {
  /** The agency's usage from `from` to `to` (default: its billing period so far), written-out counts included; 400 naming a bad or too wide range. */
  report(agencyId: string, query: UsageQuery): Promise<UsageReport>;
}

/** Usage of one agency: what `/v1/dev/usage` and `/v1/admin/agencies/{id}/usage` answer. */
export function createUsageService({ db, terms, flush, clock }: UsageServiceDeps): UsageService {
  return {
    async report(agencyId, query) {
      const t = await terms.get(agencyId);
      const now = clock();
      const period = periodOf(t, now);
      const granularity = query.granularity ?? 'day';
      const from = floorTo(instant('from', query.from, period.start), granularity);
      const to = ceilTo(instant('to', query.to, now), granularity);
      if (to.getTime() <= from.getTime()) throw badRequest('to must be after from', 'invalid_request', { field: 'to' });
      const buckets = (to.getTime() - from.getTime()) / UNIT_MS[granularity];
      if (buckets > MAX_BUCKETS[granularity]) {
        throw badRequest(
          `from and to span ${buckets} ${granularity}s; at most ${MAX_BUCKETS[granularity]} per answer (granularity=${granularity})`,
          'invalid_request',
          { field: 'from' },
        );
      }

      await flush();
      const [rows, used, bookings, airlines] = await Promise.all([
        store.usageBuckets(db, agencyId, { from, to, unit: granularity }),
        store.portalRequests(db, agencyId),
        store.bookingsByDay(db, agencyId, byDay(from), byDay(ceilTo(to, 'day'))),
        store.lookToBookByAirline(db, agencyId, byDay(from), byDay(ceilTo(to, 'day'))),
      ]);

      const series = new Map<string, UsageBucket>();
      for (let at = from.getTime(); at < to.getTime(); at += UNIT_MS[granularity]) {
        const start = new Date(at);
        series.set(start.toISOString(), {
          start: start.toISOString(),
          requests: zeroSurfaces(),
          searches: 0,
          ...(granularity === 'day' ? { bookings: bookings.get(byDay(start)) ?? 0 } : {}),
        });
      }
      const totals = zeroSurfaces();
      for (const row of rows) {
        const bucket = series.get(new Date(row.bucket).toISOString());
        const surface = row.surface as MeterSurface;
        const n = Number(row.requests);
        if (bucket && surface in bucket.requests) bucket.requests[surface] += n;
        if (surface in totals) totals[surface] += n;
      }
      for (const bucket of series.values()) bucket.searches = bucket.requests.shopping;
      const bookingTotal = [...bookings.values()].reduce((a, b) => a + b, 0);
      const plan = planOf(t.planCode);

      return {
        agency_id: agencyId,
        plan_code: t.planCode,
        period_start: period.start.toISOString(),
        period_end: period.end.toISOString(),
        from: from.toISOString(),
        to: to.toISOString(),
        granularity,
        allowance: {
          size: t.freeAllowance,
          used: Math.min(used, t.freeAllowance),
          left: Math.max(0, t.freeAllowance - used),
          stops_service: plan?.stopsAtAllowance ?? false,
        },
        totals: {
          requests: totals,
          total_requests: Object.values(totals).reduce((a, b) => a + b, 0),
          searches: totals.shopping,
          bookings: bookingTotal,
          look_to_book: ratio(totals.shopping, bookingTotal),
          by_airline: airlines.map((a) => ({ ...a, look_to_book: ratio(a.searches, a.bookings) })),
        },
        buckets: [...series.values()],
      };
    },
  };
}
