import type { Platform } from '../platform/platform.js';
import type { Dataset, DatasetState } from './dataset-state.js';
import { JsonBytes } from './json-bytes.js';
import { cachedBody, cachedJson, type CachedBody } from './response-cache.js';

/** What the airport and reference services share: storage, data state and the answer cache. */
export interface AviationContext {
  platform: Pick<Platform, 'db' | 'broadcast' | 'logger' | 'clock' | 'config'>;
  state: DatasetState;
  /** 503 in the envelope until the dataset was imported once. */
  ensure(dataset: Dataset): Promise<void>;
  /** A single-record answer already serialized, or produced (from the in-memory data) and remembered. */
  remember(key: string, dataset: Dataset, produce: () => CachedBody): Promise<CachedBody>;
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

/** The envelope's text before the data's JSON and after it, as `envelopeOf` serializes it. */
const ENVELOPE_HEAD = '{"data":';
const envelopeTail = (meta: object) => `,"meta":${JSON.stringify(meta)},"errors":[]}`;

/** The same bytes as `envelopeOf`, around data that is JSON already (kept serialized in memory). */
export function jsonEnvelopeOf(dataJson: string, meta: object = {}, etag?: string): CachedBody {
  return cachedJson(ENVELOPE_HEAD + dataJson + envelopeTail(meta), etag);
}

/** Bytes of the envelope around the data, past what the data itself takes. */
const ENVELOPE_BYTES = 128;

/**
 * The same bytes again, written as bytes (json-bytes.ts): `writeData` writes the data's JSON and
 * answers the meta. `dataBytes`: what the data is expected to take, so the buffer is made once.
 */
export function writtenEnvelopeOf(dataBytes: number, etag: string, writeData: (out: JsonBytes) => object): CachedBody {
  const out = new JsonBytes(dataBytes + ENVELOPE_BYTES).text(ENVELOPE_HEAD);
  const meta = writeData(out);
  return { body: out.text(envelopeTail(meta)).bytes(), etag };
}
