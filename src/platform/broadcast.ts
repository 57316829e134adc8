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
  close(): Promise<void>;
}

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
  const subscriber = await connectRedis(url, { logger, role: 'subscriber' });
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const missed = new EventEmitter();
  missed.setMaxListeners(0);
  const log = logger.child({ dependency: 'redis', feature: 'broadcast' });
  subscriber.on('message', (channel: string, message: string) => local.emit(channel.slice(prefix.length), message));
  const subscribeChannel = (channel: string) =>
    subscriber.subscribe(prefix + channel).catch((err: Error) => {
      log.warn({ err: { message: err.message }, channel }, 'broadcast subscription failed: Redis unavailable');
    });
  // What was published while the connection was down is gone. Every channel is subscribed again
  // (ioredis re-subscribes those it had; this also covers one that failed during the outage).
  let lost = false;
  subscriber.on('close', () => (lost = true));
  subscriber.on('ready', () => {
    if (!lost) return;
    lost = false;
    for (const channel of local.eventNames()) void subscribeChannel(String(channel));
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
    async close() {
      local.removeAllListeners();
      missed.removeAllListeners();
      subscriber.disconnect();
    },
  };
}
