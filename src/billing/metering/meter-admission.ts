import { randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db/database.js';
import { planOf } from '../plans/catalogue.js';
import { admissionRefusal, standingRefusal } from '../standing/refusals.js';
import { standingOf } from '../standing/standing-check.js';
import { utcDay } from '../terms/period.js';
import { periodOf, type AccountTerms } from '../terms/terms.js';
import type { MeterTicket, ReserveOutcome, ReserveRequest, SearchWindows, Seeds, UsageCounter } from './counter.js';
import { bookingsOn, readSeeds } from './store.js';

// Bookings of the day are re-read at most this often for the look-to-book ceiling, and always
// before a search is refused for it, so a booking lifts the ceiling at once.
const BOOKINGS_CACHE_MS = 10_000;

/**
 * An agency's request held to its terms: the standing check, the allowance and the search
 * ceilings. Settles synchronously (undefined) when nothing needs a round trip; a promise
 * otherwise. Throws (or rejects) the refusal.
 */
export type AdmitAgency = (ticket: MeterTicket, terms: AccountTerms, now: Date) => Promise<void> | undefined;

/**
 * The meter's admission side (meter.ts composes it with the writer): reserves an agency's request
 * on the counter. `flush` is the writer's: counts not yet written are written before the counter
 * is seeded from the database.
 */
export function createAdmission(deps: { db: Db; counter: UsageCounter; docsUrl: string; flush(): Promise<void> }): AdmitAgency {
  const { db, counter, docsUrl, flush } = deps;
  const bookings = new Map<string, { day: string; count: number; at: number }>();
  // Hold ids: unique across instances without a random draw per request.
  const instance = randomBytes(6).toString('hex');
  let holds = 0;

  // The day and period of an agency change at 00:00 UTC at the earliest: worked out once an hour.
  const windowCache = new Map<string, { until: number; anchor: number; day: Date; period: Date; windows: SearchWindows }>();
  function windowsOf(t: AccountTerms, now: Date) {
    const hit = windowCache.get(t.agencyId);
    if (hit && now.getTime() < hit.until && now.getTime() >= hit.until - 3_600_000 && hit.anchor === t.anchor.getTime())
      return hit;
    const day = utcDay(now).start;
    const period = periodOf(t, now).start;
    const entry = {
      until: Math.floor(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000,
      anchor: t.anchor.getTime(),
      day,
      period,
      windows: { day: day.toISOString(), period: period.toISOString() },
    };
    if (windowCache.size > 10_000) windowCache.clear();
    windowCache.set(t.agencyId, entry);
    return entry;
  }

  async function bookingsToday(agencyId: string, day: string, fresh: boolean): Promise<number> {
    const known = bookings.get(agencyId);
    if (!fresh && known?.day === day && Date.now() - known.at < BOOKINGS_CACHE_MS) return known.count;
    const count = await bookingsOn(db, agencyId, day.slice(0, 10));
    if (bookings.size > 10_000) bookings.clear();
    bookings.set(agencyId, { day, count, at: Date.now() });
    return count;
  }

  // Counts not yet written are written first, so the counters start from every served request.
  async function seedsOf(request: ReserveRequest): Promise<Seeds> {
    await flush();
    return readSeeds(db, request.agencyId, request.window.day, request.window.period);
  }

  /**
   * The standing check, the allowance and the search ceilings of an agency's request. Settles
   * synchronously (undefined) when nothing needs a round trip: a paying plan's request, or any
   * request the memory counter decides; a promise otherwise. Throws (or rejects) the refusal.
   * No closure is made on the synchronous path: this runs on every metered request.
   */
  function admitAgency(ticket: MeterTicket, t: AccountTerms, now: Date): Promise<void> | undefined {
    const portal = ticket.keyKind === 'portal';
    if (portal) {
      const standing = standingOf(t);
      if (standing) throw standingRefusal(t, standing, now, docsUrl);
    }
    // Searches are counted at admission only for an agency with a ceiling (most have none).
    const ceilings = t.dailySearchCeiling !== null || t.monthlySearchCeiling !== null || t.lookToBookCeiling !== null;
    const isSearch = ticket.surface === 'shopping' && ceilings;
    const cap = portal && planOf(t.planCode)?.stopsAtAllowance ? t.freeAllowance : null;
    // Nothing to reserve for a paying plan's request that is not a search under a ceiling: it is
    // only counted when it ends (one step, no round trip before it is served).
    if (cap === null && !isSearch) return undefined;
    const window = windowsOf(t, now);
    const request: ReserveRequest = {
      agencyId: t.agencyId,
      countsAllowance: portal,
      cap,
      search: isSearch
        ? { ...window.windows, daily: t.dailySearchCeiling, monthly: t.monthlySearchCeiling, lookToBook: null }
        : null,
      holdId: `${instance}-${++holds}`,
      nowMs: now.getTime(),
      window,
    };
    if (request.search && t.lookToBookCeiling !== null) return admitUnderLookToBook(ticket, t, request, t.lookToBookCeiling);
    const outcome = counter.reserve(request, seedsOf);
    if (outcome instanceof Promise) return outcome.then((answer) => accept(ticket, t, request, answer));
    accept(ticket, t, request, outcome);
    return undefined;
  }

  async function admitUnderLookToBook(ticket: MeterTicket, t: AccountTerms, request: ReserveRequest, ceiling: number) {
    const search = request.search!;
    const allowed = async (fresh: boolean) => ceiling * (1 + (await bookingsToday(t.agencyId, search.day, fresh)));
    let outcome = await counter.reserve({ ...request, search: { ...search, lookToBook: await allowed(false) } }, seedsOf);
    // A booking made since the count was read lifts the ceiling: read it again before refusing.
    if (!outcome.ok && outcome.refusal === 'look_to_book') {
      outcome = await counter.reserve({ ...request, search: { ...search, lookToBook: await allowed(true) } }, seedsOf);
    }
    accept(ticket, t, request, outcome);
  }

  /** Settles the ticket on the counter's answer; a refusal is dated by the request's own clock reading. */
  function accept(ticket: MeterTicket, t: AccountTerms, request: ReserveRequest, outcome: ReserveOutcome): void {
    if (!outcome.ok) throw admissionRefusal(t, outcome.refusal, new Date(request.nowMs), docsUrl);
    ticket.hold = request.cap !== null ? request.holdId : null;
    ticket.search = request.search ? request.window.windows : null;
  }

  return admitAgency;
}
