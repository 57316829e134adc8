import { unavailable } from '../platform/errors.js';
import type { Platform } from '../platform/platform.js';
import { createAirportService, type AirportService } from './airport-service.js';
import { DatasetState, type Dataset } from './dataset-state.js';
import { createReferenceService, type ReferenceService } from './reference-service.js';
import { cachedBody, ResponseCache, type CachedBody } from './response-cache.js';

// Enough for every large and medium airport and airline several times over, at ~1-3 KB each.
const CACHE_ENTRIES = 20_000;

/** What the airport and reference services share: storage, data state and the answer cache. */
export interface AviationContext {
  platform: Pick<Platform, 'db' | 'broadcast' | 'logger' | 'clock'>;
  state: DatasetState;
  /** 503 in the envelope until the dataset was imported once. */
  ensure(dataset: Dataset): Promise<void>;
  /** A single-record answer from memory, or produced (from the database) and remembered. */
  remember(key: string, dataset: Dataset, produce: () => Promise<[data: unknown, meta?: object]>): Promise<CachedBody>;
}

export interface AviationService extends AirportService, ReferenceService {
  state: DatasetState;
  cache: ResponseCache;
}

export interface PageMeta {
  page: number;
  limit: number;
  total: number;
  has_more: boolean;
}

export function pageMeta(page: number, limit: number, returned: number, total: number): PageMeta {
  return { page, limit, total, has_more: (page - 1) * limit + returned < total };
}

export function envelopeOf(data: unknown, meta: object = {}): CachedBody {
  return cachedBody({ data, meta, errors: [] });
}

export function createAviationService(platform: AviationContext['platform']): AviationService {
  const state = new DatasetState(platform);
  const cache = new ResponseCache(CACHE_ENTRIES);
  state.onChange(() => cache.clear());

  const ensure = async (dataset: Dataset) => {
    if (state.isKnownAvailable(dataset)) return;
    if (!(await state.isAvailable(dataset))) {
      throw unavailable(
        'aviation data unavailable: no sync has succeeded yet (run `flightagg aviation sync`)',
        'aviation_data_unavailable',
      );
    }
  };

  const context: AviationContext = {
    platform,
    state,
    ensure,
    async remember(key, dataset, produce) {
      const hit = cache.get(key);
      if (hit && state.isKnownAvailable(dataset)) return hit;
      await ensure(dataset);
      const version = state.version;
      const [data, meta] = await produce();
      const body = envelopeOf(data, meta);
      // A sync that landed meanwhile emptied the cache; do not put the older answer back.
      if (state.version === version) cache.set(key, body);
      return body;
    },
  };
  return { ...createAirportService(context), ...createReferenceService(context), state, cache };
}
