import { describe, expect, it } from 'vitest';
import { KeyCache, type VerifiedKey } from '../../src/auth/api-keys/key-cache.js';
import { createLocalBroadcast, type Broadcast } from '../../src/platform/broadcast.js';

const identity = { id: 'key_1', agencyId: 'agency_1', kind: 'agency', environment: 'test' } as const;
const key = { ...identity, identity, allowlist: null } as unknown as VerifiedKey;

describe('the key cache', () => {
  it('does not keep a lookup that an eviction overtook: the read may predate the revocation', async () => {
    const bus = createLocalBroadcast();
    const cache = new KeyCache(bus);
    const before = cache.generation();
    // Another instance revokes the key while this one's database read is under way.
    await bus.publish('api-key-evict', 'other-instance lookup-hash-1');
    cache.set('fingerprint-1', { lookupHash: 'lookup-hash-1', key, now: Date.now(), generation: before });
    expect(cache.get('fingerprint-1', Date.now())).toBeUndefined();

    // A lookup that began after the news is kept.
    cache.set('fingerprint-1', { lookupHash: 'lookup-hash-1', key, now: Date.now(), generation: cache.generation() });
    expect(cache.get('fingerprint-1', Date.now())?.key).toBe(key);
  });

  it("drops an entry on another instance's eviction, not on the echo of its own", async () => {
    const bus = laterBus();
    const cache = new KeyCache(bus);
    cache.set('fingerprint-1', { lookupHash: 'lookup-hash-1', key, now: Date.now(), generation: cache.generation() });
    await cache.evict('lookup-hash-1');
    expect(cache.get('fingerprint-1', Date.now())).toBeUndefined();
    // A lookup begins; then Redis hands this instance its own eviction back. That is not news:
    // the lookup is kept (else every first request after a key change would read twice).
    const generation = cache.generation();
    bus.deliver();
    cache.set('fingerprint-1', { lookupHash: 'lookup-hash-1', key, now: Date.now(), generation });
    expect(cache.get('fingerprint-1', Date.now())?.key).toBe(key);

    await bus.publish('api-key-evict', 'other-instance lookup-hash-2');
    bus.deliver();
    expect(cache.get('fingerprint-1', Date.now())?.key).toBe(key);
    await bus.publish('api-key-evict', 'other-instance lookup-hash-1');
    bus.deliver();
    expect(cache.get('fingerprint-1', Date.now())).toBeUndefined();
    // A gateway from before the sender tag sends the bare hash.
    cache.set('fingerprint-1', { lookupHash: 'lookup-hash-1', key, now: Date.now(), generation: cache.generation() });
    await bus.publish('api-key-evict', 'lookup-hash-1');
    bus.deliver();
    expect(cache.get('fingerprint-1', Date.now())).toBeUndefined();
  });
});

/** A bus that, like Redis, delivers every message (the publisher's own too) later: on `deliver()`. */
function laterBus(): Broadcast & { deliver(): void } {
  const handlers = new Map<string, ((message: string) => void)[]>();
  const queued: [string, string][] = [];
  return {
    async publish(channel, message) {
      queued.push([channel, message]);
    },
    subscribe(channel, handler) {
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
    },
    subscribed: () => true,
    onMissedMessages() {},
    async close() {},
    deliver() {
      for (const [channel, message] of queued.splice(0)) for (const handler of handlers.get(channel) ?? []) handler(message);
    },
  };
}
