import { describe, expect, it } from 'vitest';
import { createMemoryCache } from '../../src/platform/cache/byte-cache.js';

const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe('in-process byte cache (embedded storage: the search cache without Redis)', () => {
  it('holds no more than maxBytes of values: the oldest go first to make room', async () => {
    const cache = createMemoryCache({ maxBytes: 1_000 });
    for (const key of ['a', 'b', 'c']) await cache.set(key, bytes(300), 60_000);
    await cache.set('d', bytes(300), 60_000);
    expect(await cache.get('a')).toBeNull();
    for (const key of ['b', 'c', 'd']) expect(await cache.get(key)).toEqual(bytes(300));
    // One large value takes the room of all three.
    await cache.set('e', bytes(950), 60_000);
    for (const key of ['b', 'c', 'd']) expect(await cache.get(key)).toBeNull();
    expect((await cache.get('e'))?.length).toBe(950);
  });

  it('does not store a value larger than the whole bound, and drops what the key held', async () => {
    const cache = createMemoryCache({ maxBytes: 1_000 });
    await cache.set('k', bytes(10), 60_000);
    await cache.set('k', bytes(1_001), 60_000);
    expect(await cache.get('k')).toBeNull();
    await cache.set('small', bytes(10), 60_000);
    expect(await cache.get('small')).toEqual(bytes(10));
  });

  it('replacing a key counts its new size only, and the entry bound still holds', async () => {
    const cache = createMemoryCache({ maxBytes: 1_000, maxEntries: 2 });
    await cache.set('a', bytes(600), 60_000);
    await cache.set('a', bytes(600, 2), 60_000);
    await cache.set('b', bytes(400), 60_000);
    expect(await cache.get('a')).toEqual(bytes(600, 2));
    await cache.set('c', bytes(1), 60_000);
    expect(await cache.get('a')).toBeNull();
    expect(await cache.get('b')).toEqual(bytes(400));
    expect(await cache.get('c')).toEqual(bytes(1));
  });

  it('answers nothing once an entry has expired, and an expired entry frees its room for new ones', async () => {
    let now = 0;
    const cache = createMemoryCache({ maxBytes: 1_000, now: () => now });
    await cache.set('old', bytes(700), 10_000);
    await cache.set('fresh', bytes(200), 60_000);
    now = 10_000;
    expect(await cache.get('fresh')).toEqual(bytes(200));
    // 'old' expired: storing 700 more bytes drops it, not the fresh entry.
    await cache.set('new', bytes(700), 60_000);
    expect(await cache.get('fresh')).toEqual(bytes(200));
    expect(await cache.get('old')).toBeNull();
    expect(await cache.get('new')).toEqual(bytes(700));
  });
});
