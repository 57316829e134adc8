/**
 * How tests wait for something that happens in the background (a mail, a delivery, a cache
 * expiry): `await vi.waitFor(check, PATIENCE)`, `await expect.poll(read, PATIENCE)`. Generous on
 * purpose: under a busy neighbour a second can take ten, and a wait that gives up early fails a test
 * that is right. The test's own time-out (vitest.config.ts) is longer still and catches a hang.
 */
export const PATIENCE = { timeout: 90_000, interval: 50 } as const;
