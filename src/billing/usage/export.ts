import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/database.js';
import { badRequest } from '../../platform/errors.js';
import { METER_SURFACES, type MeterSurface } from '../../platform/http/route-policy.js';
import { DEFAULT_PLAN_CODE, planOf } from '../plans/catalogue.js';
import * as store from './store.js';

export interface ExportRow {
  agency_id: string;
  name: string;
  plan_code: string;
  requests: Record<MeterSurface, number>;
  total_requests: number;
  /** Requests of developer-portal keys: what the free allowance and the plan apply to. */
  portal_requests: number;
  searches: number;
  bookings: number;
  free_allowance: number;
  /** Free requests left when the month began. */
  free_left_at_start: number;
  /** Portal requests of a paying plan beyond the free allowance: the invoice's quantity. */
  billable_requests: number;
}

/** A calendar month (UTC) as `YYYY-MM`: its first instant and the next month's. */
export function monthOf(text: string): { from: Date; to: Date } {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text);
  if (!match)
    throw badRequest('--period must be a calendar month as YYYY-MM (e.g. 2026-11)', 'invalid_request', { field: 'period' });
  const year = Number(match[1]);
  const month = Number(match[2]) - 1;
  return { from: new Date(Date.UTC(year, month, 1)), to: new Date(Date.UTC(year, month + 1, 1)) };
}

/** Every agency's usage in one calendar month, for invoicing outside the service (`flightagg usage export`). */
export async function exportMonth(db: Db, config: Pick<Config, 'billing'>, period: string): Promise<ExportRow[]> {
  const { from, to } = monthOf(period);
  const [rows, bookings] = await Promise.all([store.usageOfAllAgencies(db, from, to), store.bookingsOfAllAgencies(db, from, to)]);
  const byAgency = new Map<string, ExportRow>();
  for (const row of rows) {
    let out = byAgency.get(row.agency_id);
    if (!out) {
      out = {
        agency_id: row.agency_id,
        name: row.name,
        plan_code: row.plan_code ?? DEFAULT_PLAN_CODE,
        requests: Object.fromEntries(METER_SURFACES.map((s) => [s, 0])) as Record<MeterSurface, number>,
        total_requests: 0,
        portal_requests: 0,
        searches: 0,
        bookings: bookings.get(row.agency_id) ?? 0,
        free_allowance: row.free_allowance ?? config.billing.freeAllowanceRequests,
        free_left_at_start: 0,
        billable_requests: 0,
      };
      byAgency.set(row.agency_id, out);
    }
    const n = Number(row.requests);
    if (row.surface in out.requests) out.requests[row.surface as MeterSurface] += n;
    out.total_requests += n;
    if (row.key_kind === 'portal') out.portal_requests += n;
  }
  for (const out of byAgency.values()) {
    out.searches = out.requests.shopping;
    const usedBefore = await store.portalRequests(db, out.agency_id, from);
    out.free_left_at_start = Math.max(0, out.free_allowance - usedBefore);
    const paying = planOf(out.plan_code)?.stopsAtAllowance === false;
    out.billable_requests = paying ? Math.max(0, out.portal_requests - out.free_left_at_start) : 0;
  }
  return [...byAgency.values()];
}

const CSV_COLUMNS = [
  'agency_id',
  'name',
  'plan_code',
  ...METER_SURFACES.map((s) => `requests_${s}`),
  'total_requests',
  'portal_requests',
  'searches',
  'bookings',
  'free_allowance',
  'free_left_at_start',
  'billable_requests',
];

function csvCell(value: string | number): string {
  const text = String(value);
  // Quoted when needed; a leading = + - @ is defused so a spreadsheet does not run it as a formula.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: ExportRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of rows) {
    lines.push(
      [
        r.agency_id,
        r.name,
        r.plan_code,
        ...METER_SURFACES.map((s) => r.requests[s]),
        r.total_requests,
        r.portal_requests,
        r.searches,
        r.bookings,
        r.free_allowance,
        r.free_left_at_start,
        r.billable_requests,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
