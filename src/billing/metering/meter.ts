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
import type { MeterTicket, ReserveOutcome, ReserveRequest, SearchWindows, Seeds, UsageCounter } from './counter.js';
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
  const tickets = new WeakMap<FastifyReply['raw'], MeterTicket>();
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

  /** Admits a request whose terms are known (null: a key without an agency, only counted). */
  function admitWith(
    raw: FastifyReply['raw'],
    ticket: MeterTicket,
    t: AccountTerms | null,
    now: Date,
  ): Promise<void> | undefined {
    const pending = t ? admitAgency(ticket, t, now) : undefined;
    if (pending) return pending.then(() => track(raw, ticket));
    track(raw, ticket);
    return undefined;
  }

  // Keyed by the response: its `close` listener is then one function for every request.
  function track(raw: FastifyReply['raw'], ticket: MeterTicket): void {
    tickets.set(raw, ticket);
    // A client that leaves mid-answer (a stream) ends the request without onResponse; after a
    // finished answer, `close` finds the ticket settled already. `on`, not `once`: a response
    // closes once, and `once` would wrap the listener in a new function and state per request.
    raw.on('close', abandoned);
  }

  function abandoned(this: FastifyReply['raw']): void {
    // Served when it had started answering: a stream the client left.
    settle(this, this.headersSent && isServed(this.statusCode));
  }

  function settle(raw: FastifyReply['raw'], served: boolean): void {
    const ticket = tickets.get(raw);
    if (!ticket) return;
    tickets.delete(raw);
    counter.settle(ticket, served);
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
      if (!key.agencyId) return admitWith(reply.raw, ticket, null, now);
      const known = terms.peek(key.agencyId);
      if (known !== undefined) return admitWith(reply.raw, ticket, known, now);
      return terms.cached(key.agencyId).then((t) => admitWith(reply.raw, ticket, t, now));
    },

    /** onResponse of a metered route: count what was served, give back what was not. */
    settle(reply: FastifyReply): void {
      settle(reply.raw, isServed(reply.statusCode));
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
