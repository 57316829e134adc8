import crypto from 'node:crypto';

/** A serialized answer: the exact bytes sent, and their ETag. */
export interface CachedBody {
  body: string;
  etag: string;
}

export function cachedBody(payload: unknown): CachedBody {
  return cachedJson(JSON.stringify(payload));
}

/** A body that is JSON text already. */
export function cachedJson(body: string): CachedBody {
  // A strong validator over the bytes: the same data gives the same ETag on every instance.
  const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag };
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
