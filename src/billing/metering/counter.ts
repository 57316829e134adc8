import type { KeyKind } from '../../auth/api-keys/key-service.js';
import type { MeterSurface } from '../../platform/http/route-policy.js';

/**
 * A request is held in the burst window for at most this long: a reservation that is never settled
 * (its instance died mid-request) lapses after it. It is also the `Retry-After` of `allowance_burst`.
 */
export const HOLD_MS = 120_000;

/** Why an admission is refused. */
export type Refusal = 'payment_required' | 'allowance_burst' | 'daily_ceiling' | 'monthly_ceiling' | 'look_to_book';

/** One metered request between its admission and its answer. */
export interface MeterTicket {
  keyId: string;
  agencyId: string | null;
  keyKind: KeyKind;
  surface: MeterSurface;
  /** The UTC hour the request is counted in, as an ISO instant. */
  hour: string;
  /** Developer-portal keys use up the agency's one-off free allowance. */
  countsAllowance: boolean;
  /** The reservation that holds a free account's request in the burst window. */
  hold: string | null;
  /** A search counted against the agency's ceilings at admission (given back if not served). */
  search: SearchWindows | null;
}

/** The day (UTC) and billing period a search counts in, by their start instants. */
export interface SearchWindows {
  day: string;
  period: string;
}

export interface ReserveRequest {
  agencyId: string;
  /** Keep the agency's allowance counter (portal keys): it must be known before a request is served. */
  countsAllowance: boolean;
  /** The free plan's allowance: admissions never take the agency past it. Null: no cap. */
  cap: number | null;
  /** A search: the agency's ceilings, each null when it has none. */
  search:
    | (SearchWindows & { daily: number | null; monthly: number | null; /** searches allowed today */ lookToBook: number | null })
    | null;
  holdId: string;
  nowMs: number;
  /** The day (UTC) and billing period the request falls in, where the seeds are read. */
  window: { day: Date; period: Date; windows: SearchWindows };
}

export type ReserveOutcome = { ok: true; used: number } | { ok: false; refusal: Refusal; used: number };

/** Where the counters start when the fast store has none (a new agency, day or period, or after a restart). */
export interface Seeds {
  used: number;
  daySearches: number;
  periodSearches: number;
}

/** Served requests per `usageField`, cut off under an id so that writing it twice adds it once. */
export interface UsageBatch {
  id: string;
  counts: Map<string, number>;
}

/**
 * The counters the meter keeps between database writes: in Redis when configured (shared by every
 * instance, atomic by Lua scripts), in memory otherwise. See docs/plans.md, "Exact counts".
 */
export interface UsageCounter {
  readonly kind: 'redis' | 'memory';
  /**
   * Admits or refuses atomically; reads the seeds (from the database) only when a counter is
   * missing. The memory counter answers at once (no promise) once its counters are seeded: most
   * metered requests then cost no turn of the event loop.
   */
  reserve(request: ReserveRequest, seeds: (request: ReserveRequest) => Promise<Seeds>): ReserveOutcome | Promise<ReserveOutcome>;
  /**
   * Ends a request: a served one is counted, a refused or failed one gives its hold and search
   * back. Never throws: a counter that cannot reach its store counts served requests elsewhere.
   */
  settle(ticket: MeterTicket, served: boolean): void;
  /** Resolves once every request settled so far is counted (a flush waits for it). */
  settled(): Promise<void>;
  /** Cuts the counts since the last cut into a batch; returns every batch not yet marked done. */
  cut(): Promise<UsageBatch[]>;
  done(batchId: string): Promise<void>;
}

/** The usage row a served request adds to. */
export function usageField(t: MeterTicket): string {
  // The same string for a key's requests of one hour and surface: counting one is then a map
  // update whose key is already hashed, not a new string per request.
  const known = lastFields.get(t.keyId);
  if (known?.hour === t.hour && known.surface === t.surface) return known.field;
  const field = `${t.keyId}|${t.agencyId ?? ''}|${t.keyKind}|${t.hour}|${t.surface}`;
  if (lastFields.size >= 10_000) lastFields.clear();
  lastFields.set(t.keyId, { hour: t.hour, surface: t.surface, field });
  return field;
}
const lastFields = new Map<string, { hour: string; surface: string; field: string }>();

export interface UsageKey {
  apiKeyId: string;
  agencyId: string | null;
  keyKind: KeyKind;
  hour: string;
  surface: string;
}

export function parseUsageField(field: string): UsageKey {
  const [apiKeyId = '', agencyId = '', keyKind = 'agency', hour = '', surface = ''] = field.split('|');
  return { apiKeyId, agencyId: agencyId === '' ? null : agencyId, keyKind: keyKind as KeyKind, hour, surface };
}
