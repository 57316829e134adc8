import crypto from 'node:crypto';

/** A serialized answer: the exact bytes sent (as text, or as bytes where they were written so), and their ETag. */
export interface CachedBody {
  body: string | Buffer;
  etag: string;
}

export function cachedBody(payload: unknown): CachedBody {
  return cachedJson(JSON.stringify(payload));
}

/**
 * A body that is JSON text already, with its validator: by default a strong one over the bytes, so
 * the same data gives the same ETag on every instance; a list page brings its own (derivedEtag).
 */
export function cachedJson(body: string, etag?: string): CachedBody {
  return { body, etag: etag ?? `"${crypto.hash('sha1', body, 'base64url')}"` };
}

/**
 * The validator of a list page, derived instead of hashed from its bytes: a page is a function of
 * the data version, the query (as validated, defaults applied) and the code that wrote it, so the
 * three name it. A radius page is 20-30 KB, and hashing it cost a tenth of the search. The version
 * is read before the page is made: within one synchronous list call the data cannot change under it.
 */
export function derivedEtag(dataVersion: string, query: Record<string, unknown>, build: string): string {
  const canonical = Object.keys(query)
    .sort()
    .map((name) => `${name}=${JSON.stringify(query[name])}`)
    .join('&');
  return `"${crypto.hash('sha1', `${build}\n${dataVersion}\n${canonical}`, 'base64url')}"`;
}

/**
 * Serialized answers of the single-record endpoints, so a hot lookup such as
 * `/airports/JFK` costs a map read instead of a query and a JSON.stringify. Bounded: past the
 * limit the oldest entries go first. Emptied whenever the data version changes.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedBody>();

  constructor(private readonly maxEntries: number) {}

  get(key: string): CachedBody | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: CachedBody): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, value);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
