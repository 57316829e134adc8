import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { connectRedis } from './redis.js';

/**
 * Messages every gateway instance must hear, such as "this API key changed, drop it from your
 * cache". Redis pub/sub when several instances share a REDIS_URL, an in-process emitter otherwise.
 */
export interface Broadcast {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): void;
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
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export async function createRedisBroadcast(url: string, prefix: string, publisher: Redis): Promise<Broadcast> {
  // A subscribed connection can do nothing else, hence a second one.
  const subscriber = await connectRedis(url);
  const local = new EventEmitter();
  local.setMaxListeners(0);
  subscriber.on('message', (channel: string, message: string) => local.emit(channel.slice(prefix.length), message));
  return {
    async publish(channel, message) {
      await publisher.publish(prefix + channel, message);
    },
    subscribe(channel, handler) {
      if (local.listenerCount(channel) === 0) void subscriber.subscribe(prefix + channel);
      local.on(channel, handler);
    },
    async close() {
      local.removeAllListeners();
      subscriber.disconnect();
    },
  };
}
