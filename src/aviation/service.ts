import { unavailable } from '../platform/errors.js';
import { createAirportService, type AirportService } from './airport-service.js';
import { DatasetState, type Dataset } from './dataset-state.js';
import { createReferenceService, type ReferenceService } from './reference-service.js';
import type { AviationContext } from './context.js';
import { ResponseCache } from './response-cache.js';

// Enough for every large and medium airport and airline several times over, at ~1-3 KB each.
const CACHE_ENTRIES = 20_000;

export interface AviationService extends AirportService, ReferenceService {
  state: DatasetState;
  cache: ResponseCache;
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
      const body = produce();
      // A sync that landed meanwhile emptied the cache; do not put the older answer back.
      if (state.version === version) cache.set(key, body);
      return body;
    },
  };
  return { ...createAirportService(context), ...createReferenceService(context), state, cache };
}
