import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import type { MeterSurface } from '../../platform/http/route-policy.js';
import { planOf } from '../plans/catalogue.js';
import { admissionRefusal, standingRefusal } from '../standing/refusals.js';
import { standingOf } from '../standing/standing-check.js';
import { utcDay } from '../terms/period.js';
import { periodOf, type AccountTerms } from '../terms/terms.js';
import type { TermsService } from '../terms/service.js';
import type { MeterTicket, ReserveOutcome, ReserveRequest, SearchWindows, UsageCounter } from './counter.js';
import { applyBatch, bookingsOn, pruneBatches, readSeeds } from './store.js';

export interface MeterDeps {
  db: Db;
  counter: UsageCounter;
  /** Where the shared counter counts served requests while Redis is away: flushed beside it. */
  fallbackCounter?: UsageCounter;
  terms: Pick<TermsService, 'cached' | 'peek'>;
  docsUrl: string;
  clock(): Date;
}

// Bookings of the day are re-read at most this often for the look-to-book ceiling, and always
// before a search is refused for it, so a booking lifts the ceiling at once.
const BOOKINGS_CACHE_MS = 10_000;
// Applied batch ids are kept this long: far longer than any batch waits to be written.
const BATCH_ID_RETENTION_MS = 7 * 86_400_000;

/** Anything but a refusal of the meter's own (402, 429) or a failure of ours or the airline's (5xx) is served. */
export function isServed(status: number): boolean {
  return status < 500 && status !== 402 && status !== 429;
}

/**
 * The meter: counts every request an API key makes to a route whose policy declares a `meter`,
 * and holds developer-portal keys to their standing (docs/plans.md). `admit` runs right after the
 * API-key gate, `settle` when the answer is out (meter-hooks.ts adds both to metered routes only);
 * `flush` writes the counts to the database.
 */
export function createMeter({ db, counter, fallbackCounter, terms, docsUrl, clock }: MeterDeps) {
  const tickets = new WeakMap<FastifyRequest, { ticket: MeterTicket; reply: FastifyReply }>();
  const bookings = new Map<string, { day: string; count: number; at: number }>();
  // Hold ids: unique across instances without a random draw per request.
  const instance = randomBytes(6).toString('hex');
  let holds = 0;

  /** Writes every cut batch to the database, each once (usage_batches). */
  async function flush(): Promise<void> {
    // Each counter on its own: with Redis away, what the fallback counted is still written.
    let failure: unknown = null;
    for (const c of fallbackCounter ? [counter, fallbackCounter] : [counter]) {
      try {
        for (const batch of await c.cut()) {
          await applyBatch(db, batch);
          await c.done(batch.id);
        }
      } catch (err) {
        failure ??= err;
      }
    }
    if (failure) throw failure;
  }

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

  /**
   * The standing check, the allowance and the search ceilings of an agency's request. Settles
   * synchronously (undefined) when nothing needs a round trip: a paying plan's request, or any
   * request the memory counter decides; a promise otherwise. Throws (or rejects) the refusal.
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
    const { day, period, windows } = windowsOf(t, now);
    const holdId = `${instance}-${++holds}`;
    const reserve = (lookToBook: number | null): ReserveRequest => ({
      agencyId: t.agencyId,
      countsAllowance: portal,
      cap,
      search: isSearch ? { ...windows, daily: t.dailySearchCeiling, monthly: t.monthlySearchCeiling, lookToBook } : null,
      holdId,
      nowMs: now.getTime(),
    });
    // Counts not yet written are written first, so the counters start from every served request.
    const seeds = async () => {
      await flush();
      return readSeeds(db, t.agencyId, day, period);
    };
    const accept = (outcome: ReserveOutcome): void => {
      if (!outcome.ok) throw admissionRefusal(t, outcome.refusal, now, docsUrl);
      ticket.hold = cap !== null ? holdId : null;
      ticket.search = isSearch ? windows : null;
    };
    if (!isSearch || t.lookToBookCeiling === null) {
      const outcome = counter.reserve(reserve(null), seeds);
      if (outcome instanceof Promise) return outcome.then(accept);
      accept(outcome);
      return undefined;
    }
    const ceiling = t.lookToBookCeiling;
    const searchesAllowed = async (fresh: boolean) => ceiling * (1 + (await bookingsToday(t.agencyId, windows.day, fresh)));
    return (async () => {
      let outcome = await counter.reserve(reserve(await searchesAllowed(false)), seeds);
      // A booking made since the count was read lifts the ceiling: read it again before refusing.
      if (!outcome.ok && outcome.refusal === 'look_to_book')
        outcome = await counter.reserve(reserve(await searchesAllowed(true)), seeds);
      accept(outcome);
    })();
  }

  function track(request: FastifyRequest, reply: FastifyReply, ticket: MeterTicket): void {
    tickets.set(request, { ticket, reply });
    // A client that leaves mid-answer (a stream) ends the request without onResponse.
    reply.raw.once('close', () => settle(request, (r) => r.raw.headersSent && isServed(r.statusCode)));
  }

  function settle(request: FastifyRequest, served: (reply: FastifyReply) => boolean): void {
    const entry = tickets.get(request);
    if (!entry) return;
    tickets.delete(request);
    counter.settle(entry.ticket, served(entry.reply));
  }

  // The UTC hour a request is counted in, as an ISO instant: worked out once an hour.
  let lastHour = { hour: -1, iso: '' };
  function hourOf(nowMs: number): string {
    const hour = Math.floor(nowMs / 3_600_000);
    if (hour !== lastHour.hour) lastHour = { hour, iso: new Date(hour * 3_600_000).toISOString() };
    return lastHour.iso;
  }

  return {
    counter,

    /**
     * onRequest of a metered route, after the gate: the standing check, the allowance and the
     * search ceilings. Undefined when it is done already (the usual case: cached terms, and the
     * memory counter or nothing to reserve); a promise when it waits on Redis or the database.
     */
    admit(request: FastifyRequest, reply: FastifyReply, surface: MeterSurface): Promise<void> | undefined {
      const key = request.apiKey;
      if (!key) return undefined;
      const now = clock();
      const ticket: MeterTicket = {
        keyId: key.id,
        agencyId: key.agencyId,
        keyKind: key.kind,
        surface,
        hour: hourOf(now.getTime()),
        countsAllowance: key.kind === 'portal' && key.agencyId !== null,
        hold: null,
        search: null,
      };
      const proceed = (t: AccountTerms | null): Promise<void> | undefined => {
        const pending = t ? admitAgency(ticket, t, now) : undefined;
        if (pending) return pending.then(() => track(request, reply, ticket));
        track(request, reply, ticket);
        return undefined;
      };
      if (!key.agencyId) return proceed(null);
      const known = terms.peek(key.agencyId);
      return known !== undefined ? proceed(known) : terms.cached(key.agencyId).then(proceed);
    },

    /** onResponse of a metered route: count what was served, give back what was not. */
    settle(request: FastifyRequest): void {
      settle(request, (reply) => isServed(reply.statusCode));
    },

    /**
     * Writes every cut batch to the database, each once (usage_batches). Waits for this
     * instance's requests that are settling, so a flush after an answer includes it.
     */
    async flush(): Promise<void> {
      await counter.settled();
      await flush();
    },

    async prune(): Promise<void> {
      await pruneBatches(db, new Date(clock().getTime() - BATCH_ID_RETENTION_MS));
    },
  };
}

export type Meter = ReturnType<typeof createMeter>;
