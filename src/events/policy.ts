/** Every number the events feature rests on, in one place so docs/webhooks.md and the code agree. */
export const EVENTS_POLICY = {
  /** Events are listed and replayed this long after they happened (Stripe's 30 days). */
  retentionMs: 30 * 24 * 60 * 60_000,
  /** A stream looks for new events this often: any instance may have written them, so the table is the source. */
  pollMs: 1_000,
  /** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
  heartbeatMs: 15_000,
  /**
   * An event whose transaction committed after a later id was already seen is still sent if it
   * commits within this long: ids are taken at insert, not at commit.
   */
  settleMs: 5_000,
  /** Events one poll reads; a stream catching up reads again at once until it has them all. */
  batchSize: 100,
  /** Streams one API key may hold open at once: across the cluster with Redis, per instance without (stream-places.ts). */
  maxStreamsPerKey: 5,
  /** Test events (POST /v1/events/test, `flightagg trigger`) one API key may send in any rolling minute. */
  testEventsPerMinute: 30,
  /** `flightagg listen` signing secrets one API key may hold: one per local receiver URL. */
  listenSecretsPerKey: 20,
} as const;
