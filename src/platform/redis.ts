import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { DependencyStartError, serverOf } from './errors.js';

// Time budgets of every Redis connection, chosen so an outage costs a request well under a second:
// - connect: 5 s at start only, so a wrong REDIS_URL fails the start clearly;
// - a command: 500 ms (a GET or the limiter's script takes ~1 ms here, 15 ms at p99 under load);
//   past that, Redis counts as unavailable for this command and the feature's fallback applies;
// - no offline queue: while the connection is down a command fails at once instead of waiting
//   for a reconnect that may take minutes;
// - reconnect for ever, backing off from 100 ms to at most 2 s, so service resumes within ~2 s of
//   Redis being back, without a restart.
const CONNECT_TIMEOUT_MS = 5_000;
const COMMAND_TIMEOUT_MS = 500;
const MAX_RECONNECT_DELAY_MS = 2_000;
// One log line per connection per this long while Redis keeps failing, with the count of the rest.
const ERROR_LOG_EVERY_MS = 10_000;

export interface RedisConnectOptions {
  logger: Logger;
  /** What this connection is for, in its log lines (`commands`, `subscriber`). */
  role: string;
  /** Called once per command sent (each command of a pipeline or MULTI): the request-cost counter. */
  onCommand?: () => void;
  /** A command's time budget when not the 500 ms of the request path (the subscriber's SUBSCRIBE). */
  commandTimeoutMs?: number;
}

function reconnectDelayMs(attempt: number): number {
  return Math.min(100 * 2 ** Math.min(attempt - 1, 5), MAX_RECONNECT_DELAY_MS);
}

/** One Redis connection that fails fast while Redis is away and comes back by itself. */
export async function connectRedis(url: string, options: RedisConnectOptions): Promise<Redis> {
  // Loaded on the first connection: without REDIS_URL the client is never needed.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    // A command in flight when the connection drops fails then, rather than being sent again later.
    maxRetriesPerRequest: 0,
    retryStrategy: reconnectDelayMs,
  });
  watchConnection(redis, options);
  if (options.onCommand) countCommands(redis, options.onCommand);
  // ioredis rejects connect() with a bare "Connection is closed."; the reason is in its last error.
  let reason: string | null = null;
  const noteReason = (err: Error) => void (reason = err.message);
  redis.on('error', noteReason);
  try {
    await redis.connect();
  } catch (err) {
    // Stop the reconnect loop, or it would keep a process that failed to start alive.
    redis.disconnect();
    throw new DependencyStartError(
      `Redis at ${serverOf(url)} (REDIS_URL) did not answer: ${reason ?? (err as Error).message}. ` +
        'Start it, correct REDIS_URL, or leave REDIS_URL unset to run without Redis.',
    );
  } finally {
    redis.off('error', noteReason);
  }
  return redis;
}

/**
 * Every command, alone or in a pipeline, a MULTI or a script call, passes through sendCommand
 * (ioredis' pipelines call it per queued command), so counting there misses none.
 */
function countCommands(redis: Redis, onCommand: () => void): void {
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = ((...args: Parameters<Redis['sendCommand']>) => {
    onCommand();
    return send(...args);
  }) as Redis['sendCommand'];
}

/**
 * Connection errors go to the log, structured and rate-limited, instead of ioredis' own
 * "Unhandled error event" on stderr; losing and regaining the connection is logged once each.
 */
function watchConnection(redis: Redis, { logger, role }: RedisConnectOptions): void {
  const log = logger.child({ dependency: 'redis', role });
  let wasReady = false;
  let lost = false;
  let lastLogged = 0;
  let suppressed = 0;
  redis.on('error', (err: Error & { code?: string }) => {
    const now = Date.now();
    if (now - lastLogged < ERROR_LOG_EVERY_MS) {
      suppressed++;
      return;
    }
    log.warn({ err: { message: err.message, code: err.code }, suppressed }, 'redis connection error');
    lastLogged = now;
    suppressed = 0;
  });
  redis.on('close', () => {
    if (!wasReady || lost) return;
    lost = true;
    log.warn('redis connection lost: commands fail fast and features fall back until it is back');
  });
  redis.on('ready', () => {
    wasReady = true;
    if (!lost) return;
    lost = false;
    log.info('redis connection restored');
  });
}

export type { Redis };
