import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import type { MeterSurface } from '../../platform/http/route-policy.js';
import type { AccountTerms } from '../terms/terms.js';
import type { TermsService } from '../terms/service.js';
import type { MeterTicket, UsageCounter } from './counter.js';
import { createAdmission } from './meter-admission.js';
import { createMeterWriter } from './meter-writer.js';

export interface MeterDeps {
  db: Db;
  counter: UsageCounter;
  /** Where the shared counter counts served requests while Redis is away: flushed beside it. */
  fallbackCounter?: UsageCounter;
  terms: Pick<TermsService, 'cached' | 'peek'>;
  docsUrl: string;
  clock(): Date;
}

/**
 * The meter: counts every request an API key makes to a route whose policy declares a `meter`,
 * and holds developer-portal keys to their standing (docs/plans.md). `admit` runs right after the
 * API-key gate, `settle` when the answer is out (meter-hooks.ts adds both to metered routes only);
 * `flush` writes the counts to the database.
 */
export interface Meter {
  readonly counter: UsageCounter;
  /**
   * onRequest of a metered route, after the gate: the standing check, the allowance and the
   * search ceilings. Undefined when it is done already (the usual case: cached terms, and the
   * memory counter or nothing to reserve); a promise when it waits on Redis or the database.
   */
  admit(request: FastifyRequest, reply: FastifyReply, surface: MeterSurface): Promise<void> | undefined;
  /** onResponse of a metered route: count what was served, give back what was not. */
  settle(reply: FastifyReply): void;
  /**
   * Writes every cut batch to the database, each once (usage_batches). Waits for this instance's
   * requests that are settling, so a flush after an answer includes it.
   */
  flush(): Promise<void>;
  /** Forgets applied batch ids past their retention. */
  prune(): Promise<void>;
}

/** Anything but a refusal of the meter's own (402, 429) or a failure of ours or the airline's (5xx) is served. */
export function isServed(status: number): boolean {
  return status < 500 && status !== 402 && status !== 429;
}

/** Admission (meter-admission.ts) and writing (meter-writer.ts), joined by each request's ticket. */
export function createMeter({ db, counter, fallbackCounter, terms, docsUrl, clock }: MeterDeps): Meter {
  const tickets = new WeakMap<FastifyReply['raw'], MeterTicket>();
  const writer = createMeterWriter({ db, counter, fallbackCounter, clock });
  const admitAgency = createAdmission({ db, counter, docsUrl, flush: () => writer.flush() });

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

    settle(reply: FastifyReply): void {
      settle(reply.raw, isServed(reply.statusCode));
    },

    async flush(): Promise<void> {
      await counter.settled();
      await writer.flush();
    },

    prune: () => writer.prune(),
  };
}
