import { randomUUID } from 'node:crypto';
import {
  HOLD_MS,
  usageField,
  type Refusal,
  type ReserveOutcome,
  type ReserveRequest,
  type Seeds,
  type UsageBatch,
  type UsageCounter,
} from './counter.js';

// Search counters of past days and periods are dropped this often; they are never read again.
const SWEEP_EVERY = 1024;
const SEARCH_COUNTER_TTL_MS = 35 * 86_400_000;

const refused = (refusal: Refusal, used: number): ReserveOutcome => ({ ok: false, refusal, used });

/**
 * The counters of one gateway on embedded storage (or without Redis): exact within the process,
 * which is the only one writing (the data directory is locked). Every check-and-count runs
 * without an await in between, so concurrent requests cannot both take the last free request;
 * once an agency's counters are seeded it runs synchronously, without a promise.
 */
export function createMemoryCounter(): UsageCounter {
  const used = new Map<string, number>();
  const holds = new Map<string, Map<string, number>>();
  const searches = new Map<string, { count: number; expiresAt: number }>();
  // One seed read per agency and window at a time, however many requests arrive together.
  const seeding = new Map<string, Promise<void>>();
  let pending = new Map<string, number>();
  const batches: UsageBatch[] = [];
  let operations = 0;

  const dayKey = (agencyId: string, day: string) => `${agencyId}|d|${day}`;
  const periodKey = (agencyId: string, period: string) => `${agencyId}|p|${period}`;

  function sweep(nowMs: number) {
    for (const [key, counter] of searches) if (counter.expiresAt <= nowMs) searches.delete(key);
    for (const [agencyId, held] of holds) {
      for (const [id, at] of held) if (at <= nowMs - HOLD_MS) held.delete(id);
      if (held.size === 0) holds.delete(agencyId);
    }
  }

  function liveHolds(agencyId: string, nowMs: number): Map<string, number> {
    let held = holds.get(agencyId);
    if (!held) holds.set(agencyId, (held = new Map()));
    // Holds are in admission order: the lapsed ones, if any, come first.
    for (const [id, at] of held) {
      if (at > nowMs - HOLD_MS) break;
      held.delete(id);
    }
    return held;
  }

  function add(key: string, by: number) {
    const counter = searches.get(key);
    if (counter) counter.count += by;
  }

  function missing({ agencyId, search, countsAllowance }: ReserveRequest): boolean {
    return (
      (countsAllowance && !used.has(agencyId)) ||
      (search !== null && (!searches.has(dayKey(agencyId, search.day)) || !searches.has(periodKey(agencyId, search.period))))
    );
  }

  async function seedThenReserve(
    request: ReserveRequest,
    readSeeds: (request: ReserveRequest) => Promise<Seeds>,
  ): Promise<ReserveOutcome> {
    const { agencyId, search, nowMs } = request;
    while (missing(request)) {
      const key = `${agencyId}|${search?.day ?? ''}|${search?.period ?? ''}`;
      let seeded = seeding.get(key);
      if (!seeded) {
        seeded = readSeeds(request)
          .then((seeds) => {
            if (!used.has(agencyId)) used.set(agencyId, seeds.used);
            if (search) {
              const expiresAt = nowMs + SEARCH_COUNTER_TTL_MS;
              if (!searches.has(dayKey(agencyId, search.day)))
                searches.set(dayKey(agencyId, search.day), { count: seeds.daySearches, expiresAt });
              if (!searches.has(periodKey(agencyId, search.period))) {
                searches.set(periodKey(agencyId, search.period), { count: seeds.periodSearches, expiresAt });
              }
            }
          })
          .finally(() => seeding.delete(key));
        seeding.set(key, seeded);
      }
      await seeded;
    }
    return reserveNow(request);
  }

  /** The check and the count, with no await: call it only once the counters are seeded. */
  function reserveNow(request: ReserveRequest): ReserveOutcome {
    const { agencyId, search, nowMs } = request;
    const spent = used.get(agencyId) ?? 0;
    let held: Map<string, number> | null = null;
    if (request.cap !== null) {
      if (spent >= request.cap) return refused('payment_required', spent);
      held = liveHolds(agencyId, nowMs);
      if (spent + held.size >= request.cap) return refused('allowance_burst', spent);
    }
    if (search) {
      const day = searches.get(dayKey(agencyId, search.day))!;
      const period = searches.get(periodKey(agencyId, search.period))!;
      if (search.daily !== null && day.count >= search.daily) return refused('daily_ceiling', spent);
      if (search.monthly !== null && period.count >= search.monthly) return refused('monthly_ceiling', spent);
      if (search.lookToBook !== null && day.count >= search.lookToBook) return refused('look_to_book', spent);
      day.count += 1;
      period.count += 1;
    }
    held?.set(request.holdId, nowMs);
    return { ok: true, used: spent };
  }

  return {
    kind: 'memory',

    reserve(request, readSeeds) {
      if (++operations % SWEEP_EVERY === 0) sweep(request.nowMs);
      // Seeded counters (every request of an agency after its first): the check and the count
      // are one synchronous step, so concurrent requests cannot both take the last free request.
      return missing(request) ? seedThenReserve(request, readSeeds) : reserveNow(request);
    },

    settle(ticket, served) {
      if (ticket.hold && ticket.agencyId) holds.get(ticket.agencyId)?.delete(ticket.hold);
      if (served) {
        if (ticket.countsAllowance && ticket.agencyId) {
          const spent = used.get(ticket.agencyId);
          if (spent !== undefined) used.set(ticket.agencyId, spent + 1);
        }
        const field = usageField(ticket);
        pending.set(field, (pending.get(field) ?? 0) + 1);
      } else if (ticket.search && ticket.agencyId) {
        add(dayKey(ticket.agencyId, ticket.search.day), -1);
        add(periodKey(ticket.agencyId, ticket.search.period), -1);
      }
    },

    // Settling is synchronous here: everything settled is already in `pending`.
    settled: () => Promise.resolve(),

    async cut() {
      if (pending.size > 0) {
        batches.push({ id: `mem_${randomUUID()}`, counts: pending });
        pending = new Map();
      }
      return [...batches];
    },

    async done(batchId) {
      const at = batches.findIndex((b) => b.id === batchId);
      if (at >= 0) batches.splice(at, 1);
    },
  };
}
