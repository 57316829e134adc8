import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Metrics } from './metrics.js';
import { connectRedis } from './redis.js';

/**
 * Messages every gateway instance must hear, such as "this API key changed, drop it from your
 * cache". Redis pub/sub when several instances share a REDIS_URL, an in-process emitter otherwise.
 *
 * Delivery to other instances is best effort: pub/sub keeps nothing, so while Redis is away their
 * messages are lost. `publish` then still reaches this instance's subscribers and never throws,
 * and once the bus is back every `onMissedMessages` handler runs, so a subscriber that caches can
 * drop what it may have missed news about.
 */
export interface Broadcast {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): void;
  /** Runs after an outage of the bus, when messages from other instances may have been lost. */
  onMissedMessages(handler: () => void): void;
  /** Whether every channel subscribed to is heard (false while a subscription is still being retried). */
  subscribed(): boolean;
  close(): Promise<void>;
}

// A subscription that failed (Redis away, or SUBSCRIBE unanswered within the command time-out) is
// tried again for ever, backing off from 100 ms to at most 5 s.
const MAX_RESUBSCRIBE_DELAY_MS = 5_000;
const SUBSCRIBE_TIMEOUT_MS = 2_000;
const resubscribeDelayMs = (attempt: number) => Math.min(100 * 2 ** Math.min(attempt, 6), MAX_RESUBSCRIBE_DELAY_MS);

export function createLocalBroadcast(): Broadcast {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
    },
    // One process hears every message it sends: nothing is ever missed.
    onMissedMessages() {},
    subscribed: () => true,
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export interface RedisBroadcastOptions {
  logger: Logger;
  metrics: Pick<Metrics, 'redisFallbacks'>;
}

export async function createRedisBroadcast(
  url: string,
  prefix: string,
  publisher: Redis,
  { logger, metrics }: RedisBroadcastOptions,
): Promise<Broadcast> {
  // A subscribed connection can do nothing else, hence a second one.
  // SUBSCRIBE is on no request's path: it gets 2 s, so a start that keeps the event loop busy for
  // a moment does not time it out (it would be retried, but readiness would say degraded meanwhile).
  const subscriber = await connectRedis(url, { logger, role: 'subscriber', commandTimeoutMs: SUBSCRIBE_TIMEOUT_MS });
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const missed = new EventEmitter();
  missed.setMaxListeners(0);
  const log = logger.child({ dependency: 'redis', feature: 'broadcast' });
  subscriber.on('message', (channel: string, message: string) => local.emit(channel.slice(prefix.length), message));
  // Channels whose SUBSCRIBE has not succeeded yet: each is retried with back-off until it does,
  // and until then this instance misses what other instances publish there (readiness says
  // `redis: degraded`). A late subscription runs the missed-message handlers, as a reconnect does.
  const pending = new Map<string, NodeJS.Timeout | null>();
  // Channels whose subscription failed and has not held since (a first attempt in flight is not one).
  const unheard = new Set<string>();
  let closed = false;
  const subscribeChannel = async (channel: string, attempt = 0): Promise<void> => {
    if (closed) return;
    pending.set(channel, null);
    try {
      await subscriber.subscribe(prefix + channel);
      pending.delete(channel);
      unheard.delete(channel);
      if (attempt > 0) {
        log.info(
          { channel, attempts: attempt + 1 },
          'broadcast subscribed after retrying: subscribers drop what they may have missed',
        );
        missed.emit('missed');
      }
    } catch (err) {
      unheard.add(channel);
      if (attempt === 0 || attempt % 10 === 0)
        log.warn(
          { err: { message: (err as Error).message }, channel, attempt },
          "broadcast subscription failed: retrying; this instance misses other instances' messages until it holds",
        );
      if (!closed)
        pending.set(channel, setTimeout(() => void subscribeChannel(channel, attempt + 1), resubscribeDelayMs(attempt)).unref());
    }
  };
  // What was published while the connection was down is gone. Every channel is subscribed again
  // (ioredis re-subscribes those it had; this also covers one that failed during the outage).
  let lost = false;
  subscriber.on('close', () => (lost = true));
  subscriber.on('ready', () => {
    if (!lost) return;
    lost = false;
    for (const channel of local.eventNames()) if (!pending.has(String(channel))) void subscribeChannel(String(channel));
    log.info('broadcast bus back: subscribers drop what they may have missed');
    missed.emit('missed');
  });
  return {
    async publish(channel, message) {
      try {
        await publisher.publish(prefix + channel, message);
      } catch (err) {
        metrics.redisFallbacks.inc({ feature: 'broadcast' });
        log.warn(
          { err: { message: (err as Error).message }, channel },
          'broadcast not sent to other instances: Redis unavailable',
        );
        local.emit(channel, message);
      }
    },
    subscribe(channel, handler) {
      if (local.listenerCount(channel) === 0) void subscribeChannel(channel);
      local.on(channel, handler);
    },
    onMissedMessages(handler) {
      missed.on('missed', handler);
    },
    subscribed: () => unheard.size === 0 && subscriber.status === 'ready',
    async close() {
      closed = true;
      for (const timer of pending.values()) if (timer) clearTimeout(timer);
      local.removeAllListeners();
      missed.removeAllListeners();
      subscriber.disconnect();
    },
  };
}
