import { Redis } from 'ioredis';

/** One Redis connection with a bounded connect time, so a wrong REDIS_URL fails the start clearly. */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 5_000 });
  await redis.connect();
  return redis;
}

export type { Redis };
