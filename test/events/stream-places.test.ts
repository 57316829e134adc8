import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createStreamPlaces, type StreamPlace } from '../../src/events/stream-places.js';
import type { Platform } from '../../src/platform/platform.js';
import { PATIENCE } from '../helpers/patience.js';
import { createTestPlatform } from '../helpers/test-platform.js';

// Two gateway instances' places on one Redis: the platforms share a key prefix, each with its own connection.
const redis = inject('redisUrl') !== null;
const prefix = `flightagg:test:stream-places:${crypto.randomBytes(4).toString('hex')}:`;
let one: Platform;
let two: Platform;
beforeAll(async () => {
  one = await createTestPlatform({ env: { REDIS_PREFIX: prefix } });
  two = await createTestPlatform({ env: { REDIS_PREFIX: prefix } });
});
afterAll(async () => {
  await one?.close();
  await two?.close();
});

const key = () => `key_${crypto.randomBytes(4).toString('hex')}`;

describe('stream places of an API key', () => {
  it('holds at most the most a key may, and gives a place back on release', async () => {
    const places = createStreamPlaces(one, { max: 2 });
    const k = key();
    const [a, b] = [await places.take(k), await places.take(k)];
    expect([a, b].every((p) => p !== null)).toBe(true);
    expect(await places.take(k)).toBeNull();
    expect(await places.take(key())).not.toBeNull();
    await places.release(a!);
    expect(await places.take(k)).not.toBeNull();
  });
});

describe.skipIf(!redis)('stream places across instances (Redis)', () => {
  it('counts a key’s streams on every instance together', async () => {
    const [onOne, onTwo] = [createStreamPlaces(one), createStreamPlaces(two)];
    const k = key();
    const held: StreamPlace[] = [];
    for (const places of [onOne, onOne, onOne, onTwo, onTwo]) held.push((await places.take(k))!);
    expect(held.map((p) => p?.shared)).toEqual([true, true, true, true, true]);
    expect(await onOne.take(k)).toBeNull();
    expect(await onTwo.take(k)).toBeNull();
    // A stream ending on the first instance frees a place the second can take.
    await onOne.release(held[0]!);
    expect(await onTwo.take(k)).not.toBeNull();
    expect(await onOne.take(k)).toBeNull();
  });

  it('frees the places of an instance that stopped renewing once their lease runs out; renewed ones stay', async () => {
    const leaseMs = 400;
    const [onOne, onTwo] = [createStreamPlaces(one, { max: 2, leaseMs }), createStreamPlaces(two, { max: 2, leaseMs })];
    const k = key();
    const alive = (await onOne.take(k))!;
    await onTwo.take(k); // the second instance dies holding it: never renewed, never released
    expect(await onOne.take(k)).toBeNull();
    const renewing = setInterval(() => void onOne.renew(alive), 100);
    try {
      // The dead instance's place comes free when its lease runs out.
      await vi.waitFor(async () => expect(await onOne.take(k)).not.toBeNull(), PATIENCE);
      // The renewed place was never lost: the key is full again with it and the one just taken.
      expect(await onTwo.take(k)).toBeNull();
    } finally {
      clearInterval(renewing);
    }
  });
});
