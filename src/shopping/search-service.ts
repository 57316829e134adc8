import type { ConnectorRegistry } from '../connectors/connector-registry.js';
import { failure } from '../connectors/connector-failure.js';
import { failureToHttp } from '../connectors/failure-http.js';
import type { Offer } from '../connectors/connector-types.js';
import type { ByteCache } from '../platform/cache/byte-cache.js';
import { AppError } from '../platform/errors.js';
import { newId } from '../platform/ids.js';
import type { Platform } from '../platform/platform.js';
import { hasPartnerOperatedConnection, joinedOffersJsonText } from './offer-view.js';
import { fanOut, type ConnectorOutcome } from './search-fan-out.js';
import { inAnswerOrder } from './offer-order.js';
import { cacheTtlMs, searchCacheKey } from './search-cache.js';
import { currencyWarnings } from './currency-warnings.js';
import type { CurrencyWarning } from './search-schemas.js';
import type { SearchRequest } from './search-validation.js';

export const newSearchId = () => newId('srch');

export const ALL_FAILED = 'all airline connections failed — please retry later';

export interface ConnectorStatus {
  source: string;
  /** The source's code again, under the name this entry first had. */
  airline: string;
  status: ConnectorOutcome['status'];
  offers: number;
  duration_ms: number;
  error?: string;
}

export interface SearchResult {
  searchId: string;
  expiresAt: string;
  offers: Offer[] | null;
  connectors: ConnectorStatus[];
  /** Offers not in the requested currency, per source and airline (currency-warnings.ts); often none. */
  warnings: CurrencyWarning[];
}

/**
 * A batch the stream sends as one `offers` event: one connector's offers after filters, or part of
 * them (the ones it handed out before its answer was complete, then the rest).
 */
export type BatchListener = (offers: Offer[]) => void;

// The cache holds the exact bytes a hit answers, so a hit neither serializes nor copies anything.
const HIT_PREFIX = '{"cached":true,';
const MISS_PREFIX = '{"cached":false,';
const SEARCH_ID_AT = Buffer.byteLength(`${HIT_PREFIX}"search_id":"`);

/**
 * What names a cache entry's bytes wherever they were read from (this process or Redis): its search
 * id, made for each result stored, so a new entry under the same key has a new name. The compressed
 * forms of a hit are kept by it (platform/http/compression.ts).
 */
export function storedName(hit: Buffer): string {
  const end = hit.indexOf(0x22, SEARCH_ID_AT);
  return `search:${hit.toString('latin1', SEARCH_ID_AT, end < 0 ? SEARCH_ID_AT : end)}`;
}

/** One search to run: what was asked, under which environment and cache key, for how long. */
export interface SearchRun {
  request: SearchRequest;
  environment: 'test' | 'live';
  /** The cache key the result is stored under (`cacheKey(request, environment)`). */
  key: string;
  searchId: string;
  /** Aborted when the caller went away: the result is then not cached. */
  signal: AbortSignal;
  /** Streams only: receives each batch of filtered offers as it arrives. */
  onBatch?: BatchListener;
}

/** A whole search answered at once (not streamed): from the cache, or run now. */
export interface SearchAnswerRun extends Omit<SearchRun, 'searchId' | 'onBatch' | 'signal'> {
  /**
   * The run's abort signal, asked for only when the search runs: a cache hit needs none, and making
   * an AbortSignal per hit was a measurable share of its CPU.
   */
  signal(): AbortSignal;
  /** The cached body already read for `key` (null: a miss); undefined when not read, and it is read here. */
  cached?: Buffer | null;
  /** Hears the airlines a search run now reached (look-to-book), before a failure is thrown. */
  onReached(airlines: string[]): void;
}

export interface SearchService {
  cacheKey(request: SearchRequest, environment: 'test' | 'live'): string;
  /** The whole answer body of a cached search, ready to send. */
  cachedBody(key: string): Promise<Buffer | null>;
  /** Runs the search, stores it when it may be cached, and returns it with its answer's bytes (made when asked). */
  run(search: SearchRun): Promise<{ result: SearchResult; bytes(): Buffer }>;
  /** The 502 to answer when no connector answered (null when at least one did). */
  failureOf(result: SearchResult): AppError | null;
  /** The airlines this search reached (look-to-book per airline): all but those with no connection configured. */
  airlinesReached(result: SearchResult): string[];
  /**
   * The body bytes of a whole search and whether they came from the cache (`HIT`, with the name of
   * the cache entry: `storedName`) or a run now (`MISS`); throws `failureOf` the run when no
   * airline answered.
   */
  answer(search: SearchAnswerRun): Promise<{ bytes: Buffer; cache: 'HIT'; name: string } | { bytes: Buffer; cache: 'MISS' }>;
}

function applyFilters(offers: Offer[], request: SearchRequest): Offer[] {
  const max = request.query.maxConnections;
  const { airlines } = request;
  return offers.filter(
    (o) =>
      (airlines === null || airlines.includes(o.airline)) &&
      (request.includePartnerOperated || !hasPartnerOperatedConnection(o)) &&
      (max === null || o.slices.every((s) => s.segments.length - 1 <= max)),
  );
}

/**
 * `JSON.stringify({search_id, expires_at, offers, connectors, warnings})` (warnings only when any)
 * without its leading `{`, byte for byte, as parts to be written in order (answerBytes). The offers
 * are in answer order (offer-order.ts), joined from each connector's list text where that order is
 * the connector's own (offer-view.ts): a streamed search made those texts for its batches already.
 */
function answerRest(result: SearchResult, lists: readonly (readonly Offer[])[]): readonly string[] {
  const offers = result.offers ? joinedOffersJsonText(inAnswerOrder(lists)) : 'null';
  const head = `"search_id":${JSON.stringify(result.searchId)},"expires_at":${JSON.stringify(result.expiresAt)}`;
  const warnings = result.warnings.length > 0 ? `,"warnings":${JSON.stringify(result.warnings)}` : '';
  return [head, ',"offers":', offers, `,"connectors":${JSON.stringify(result.connectors)}${warnings}}`];
}

/**
 * `prefix` (ASCII) and the answer's parts as one Buffer of UTF-8, each part written in place.
 * Joined into one string first, Buffer.from had to flatten the joined text into a copy before
 * encoding it: two to four times the CPU for a 270-470 KB answer (1.9 against 7.5 ms for a
 * three-source answer of 466 KB with the start script's settings, micro-measured on a 2-core machine).
 */
function answerBytes(prefix: string, parts: readonly string[]): Buffer {
  let length = prefix.length;
  for (const part of parts) length += Buffer.byteLength(part);
  const bytes = Buffer.allocUnsafe(length);
  let at = bytes.write(prefix, 0, 'latin1');
  for (const part of parts) at += bytes.write(part, at);
  return bytes;
}

/** `prefix` (ASCII) and `bytes` after their first `from`: a copy of bytes, not an encoding of text. */
function withPrefix(prefix: string, bytes: Buffer, from: number): Buffer {
  const copy = Buffer.allocUnsafe(prefix.length + bytes.length - from);
  copy.write(prefix, 0, 'latin1');
  bytes.copy(copy, prefix.length, from);
  return copy;
}

export function createSearchService(platform: Platform, connectors: ConnectorRegistry, cache: ByteCache): SearchService {
  const { config } = platform;
  const failedBy = new WeakMap<SearchResult, ConnectorOutcome[]>();

  /**
   * The airlines a search asks: those reachable from the key's environment. One with no endpoint
   * there (no VS test system on this gateway, no VS_LIVE_URL) is neither "no flights" nor "airline
   * down", so it is not asked and not listed in `connectors`; monitoring shows it. When none is
   * reachable, all are asked, and their not_configured answers make the configuration error.
   * An `airlines` filter leaves out the sources that cannot sell any airline it names (an airline
   * source sells its own; an aggregator with no list, any): docs/connectors.md.
   */
  const consulted = (environment: 'test' | 'live', airlines: readonly string[] | null) => {
    const selling = connectors
      .all()
      .filter((c) => airlines === null || c.airlines === undefined || c.airlines.some((a) => airlines.includes(a)));
    const reachable = selling.filter((c) => c.configuredFor(environment));
    return reachable.length > 0 ? reachable : selling;
  };

  const service: SearchService = {
    cacheKey: searchCacheKey,

    async cachedBody(key) {
      return cache.get(key);
    },

    async run({ request, environment, key, searchId, signal, onBatch }) {
      // A streamed batch is filtered once: the whole result below reuses it.
      const batches = new Map<ConnectorOutcome, Offer[][]>();
      // What a connector handed out before its answer was complete, as sent (streams only).
      const early = new Map<string, { offers: Offer[]; sent: Offer[] }>();
      let streaming = onBatch !== undefined;
      const onEarlyOffers = (airline: string, offers: Offer[]) => {
        if (!streaming || early.has(airline)) return;
        const sent = applyFilters(offers, request);
        early.set(airline, { offers, sent });
        if (sent.length > 0) onBatch!(sent);
      };
      const outcomes = await fanOut(
        consulted(environment, request.airlines),
        request.query,
        { environment, signal, timeoutMs: config.search.timeoutMs, ...(onBatch && { onEarlyOffers }) },
        (outcome) => {
          if (!onBatch || !outcome.offers) return;
          const before = early.get(outcome.airline);
          // The early offers come again in the connector's answer: only the rest is news.
          const handedOut = new Set(before?.offers);
          const batch = applyFilters(before ? outcome.offers.filter((o) => !handedOut.has(o)) : outcome.offers, request);
          batches.set(outcome, before ? [before.sent, batch] : [batch]);
          if (batch.length > 0) onBatch(batch);
        },
      );
      // Nothing a connector still hands out after the search (a late reader) reaches the stream.
      streaming = false;
      const filtered = outcomes.map((o) => (o.offers ? (batches.get(o) ?? [applyFilters(o.offers, request)]) : null));
      const offers = inAnswerOrder(filtered.flatMap((lists) => lists ?? [])).flat();
      // Null only when no answering airline flies the route; a filter that emptied the list leaves [].
      const flies = outcomes.some((o) => o.offers !== null);
      const now = platform.clock().getTime();
      const ttl = cacheTtlMs(
        config.search.cacheTtlSeconds,
        offers.map((o) => o.expiresAt),
        offers.length,
        now,
      );
      const result: SearchResult = {
        searchId,
        expiresAt: new Date(now + (ttl > 0 ? ttl : config.search.cacheTtlSeconds * 1000)).toISOString(),
        offers: flies ? offers : null,
        connectors: outcomes.map((o, i) => ({
          source: o.airline,
          airline: o.airline,
          status: o.status,
          offers: filtered[i]?.reduce((n, list) => n + list.length, 0) ?? 0,
          duration_ms: o.durationMs,
          ...(o.status === 'timed_out' && !o.failure
            ? { error: `no answer within the ${config.search.timeoutMs} ms search time-out` }
            : {}),
          ...(o.failure ? { error: o.failure.message } : {}),
        })),
        warnings: currencyWarnings(
          request.query.currency,
          offers,
          (code) => connectors.get(code)?.takesRequestedCurrency === true,
        ),
      };
      failedBy.set(result, outcomes);
      // The answer's JSON after its `{`, made once and only when read: the stream sends its offers
      // batch by batch and reads no body, so an uncached stream never makes it, and a cached one
      // reuses its batches' texts.
      let rest: readonly string[] | undefined;
      const restOf = () =>
        (rest ??= answerRest(
          result,
          filtered.flatMap((lists) => lists ?? []),
        ));
      // A result with a connector down is not cached: the next identical search must ask it again.
      // Nor is one in which an airline that flies the route answered no offers: a momentary empty
      // answer from one airline would otherwise hide it from every identical search for the TTL.
      const complete = outcomes.every((o) => o.status === 'answered' && (o.offers === null || o.offers.length > 0));
      let stored: Buffer | null = null;
      if (complete && ttl > 0 && !signal.aborted) {
        stored = answerBytes(HIT_PREFIX, restOf());
        await cache.set(key, stored, ttl);
      }
      // A stored answer's text is not encoded again: the answer sent is its bytes with the other prefix.
      return {
        result,
        bytes: () => (stored ? withPrefix(MISS_PREFIX, stored, HIT_PREFIX.length) : answerBytes(MISS_PREFIX, restOf())),
      };
    },

    airlinesReached(result) {
      return (failedBy.get(result) ?? []).filter((o) => o.failure?.kind !== 'not_configured').map((o) => o.airline);
    },

    failureOf(result) {
      const outcomes = failedBy.get(result) ?? [];
      if (outcomes.length === 0 || outcomes.some((o) => o.status === 'answered')) return null;
      const failures = outcomes.map((o) => o.failure);
      // A live key on a gateway without AA_LIVE_URL is a configuration gap, not an airline outage: say so.
      // The per-connector outcome rides along, so even a 502 says which airline failed how.
      const fields = { connectors: result.connectors };
      if (failures.every((f) => f?.kind === 'not_configured')) {
        // Status and code from the one failure mapping; the message names every unconfigured airline.
        const gap = failureToHttp(failure('not_configured', failures.map((f) => f!.message).join('; ')), 'offer');
        return new AppError(gap.status, gap.code, gap.message, { fields });
      }
      return new AppError(502, 'all_airlines_failed', ALL_FAILED, { fields });
    },

    async answer({ cached, onReached, signal, ...search }) {
      const hit = cached !== undefined ? cached : await service.cachedBody(search.key);
      if (hit) return { bytes: hit, cache: 'HIT', name: storedName(hit) };
      const { result, bytes } = await service.run({ ...search, signal: signal(), searchId: newSearchId() });
      onReached(service.airlinesReached(result));
      const failure = service.failureOf(result);
      if (failure) throw failure;
      return { bytes: bytes(), cache: 'MISS' };
    },
  };
  return service;
}
