import { usageField, type MeterTicket, type ReserveRequest } from './counter.js';

/** A request that ended: its ticket, and whether it was served (counted) or not (its holds given back). */
export interface Ending {
  ticket: MeterTicket;
  served: boolean;
}

/** The Redis keys of the shared counters, under the deployment's prefix. */
export interface CounterKeys {
  pending: string;
  batches: string;
  batchPrefix: string;
  used(agencyId: string): string;
  holds(agencyId: string): string;
  day(agencyId: string, day: string): string;
  period(agencyId: string, period: string): string;
}

export function counterKeys(redisPrefix: string): CounterKeys {
  const prefix = `${redisPrefix}billing:`;
  return {
    pending: `${prefix}usage:pending`,
    batches: `${prefix}usage:batches`,
    batchPrefix: `${prefix}usage:batch:`,
    used: (agencyId) => `${prefix}used:${agencyId}`,
    holds: (agencyId) => `${prefix}holds:${agencyId}`,
    day: (agencyId, day) => `${prefix}searches:${agencyId}:d:${day}`,
    period: (agencyId, period) => `${prefix}searches:${agencyId}:p:${period}`,
  };
}

/**
 * The keys and the operations of one BATCH script call (redis-scripts.ts): the holds to drop, the
 * counts of what was served, the searches given back, and each waiting admission in order. A key
 * is named once in KEYS; the operations refer to it by its 1-based place there.
 */
export function batchCall(
  names: CounterKeys,
  ending: readonly Ending[],
  waiting: readonly { request: ReserveRequest; seeds: number[] | null }[],
): { keys: string[]; ops: string } {
  const keys: string[] = [names.pending];
  const index = new Map<string, number>();
  const k = (key: string): number => {
    let at = index.get(key);
    if (at === undefined) {
      at = keys.push(key);
      index.set(key, at);
    }
    return at;
  };
  const sums = (pairs: Map<string, number>) => [...pairs].map(([key, n]) => [k(key), n]);
  const z: [number, string][] = [];
  const used = new Map<string, number>();
  const searches = new Map<string, number>();
  const fields = new Map<string, number>();
  for (const { ticket, served } of ending) {
    const agencyId = ticket.agencyId ?? '-';
    if (ticket.hold) z.push([k(names.holds(agencyId)), ticket.hold]);
    if (served) {
      if (ticket.countsAllowance) used.set(names.used(agencyId), (used.get(names.used(agencyId)) ?? 0) + 1);
      const field = usageField(ticket);
      fields.set(field, (fields.get(field) ?? 0) + 1);
    } else if (ticket.search) {
      for (const key of [names.day(agencyId, ticket.search.day), names.period(agencyId, ticket.search.period)]) {
        searches.set(key, (searches.get(key) ?? 0) + 1);
      }
    }
  }
  const reserveOps = waiting.map(({ request: q, seeds }) => [
    k(names.used(q.agencyId)),
    k(names.holds(q.agencyId)),
    q.search ? k(names.day(q.agencyId, q.search.day)) : 0,
    q.search ? k(names.period(q.agencyId, q.search.period)) : 0,
    q.cap ?? -1,
    q.holdId,
    q.countsAllowance || q.cap !== null ? 1 : 0,
    q.search?.daily ?? -1,
    q.search?.monthly ?? -1,
    q.search?.lookToBook ?? -1,
    seeds ?? 0,
  ]);
  return { keys, ops: JSON.stringify({ z, u: sums(used), d: sums(searches), h: [...fields], r: reserveOps }) };
}
