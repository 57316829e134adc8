import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Db } from '../platform/db/database.js';
import type { StreamError } from '../platform/http/error-codes/stream-errors.js';
import { openSse, sseEnd, sseMessage, sseWrite } from '../platform/http/sse.js';
import { EVENTS_POLICY } from './policy.js';
import { bodyOf, eventId, scopeAt, type EventReader } from './service.js';
import type { StreamPlace, StreamPlaces } from './stream-places.js';
import { eventsAfter, type EventFilter } from '../orders/event-outbox-store.js';

/** The terminal message of a stream the server ends: the client reconnects with Last-Event-ID. */
export const STREAM_SHUTDOWN: StreamError = {
  error: 'the server is shutting down; reconnect with Last-Event-ID to resume',
  code: 'server_shutting_down',
};
const STREAM_UNAVAILABLE: StreamError = {
  error: 'events could not be read; reconnect with Last-Event-ID to resume',
  code: 'database_unavailable',
};

/**
 * The event streams open on this instance, to end them all when the server closes (a stream lives
 * on one connection to one instance). How many a key may hold is stream-places.ts's.
 */
export class OpenStreams {
  private readonly enders = new Set<() => void>();

  track(end: () => void): () => void {
    this.enders.add(end);
    return () => this.enders.delete(end);
  }

  /** Ends every open stream with the shutdown message; answers how many there were. */
  endAll(): number {
    const ending = [...this.enders];
    for (const end of ending) end();
    return ending.length;
  }
}

/** Writes, waiting for the socket when its buffer is full (a long replay to a slow client). */
async function write(res: ServerResponse, text: string, signal: AbortSignal): Promise<void> {
  if (!sseWrite(res, text)) await once(res, 'drain', { signal }).catch(() => undefined);
}

export interface StreamRun {
  db: Db;
  reader: EventReader;
  /** The API key's stream place this stream holds: renewed with each heartbeat, given back when it ends. */
  place: StreamPlace;
  places: StreamPlaces;
  filter: EventFilter;
  /** The outbox id after which to start: the Last-Event-ID's, or the newest one at open. */
  afterId: string;
  clock: () => Date;
  logger: FastifyBaseLogger;
  streams: OpenStreams;
}

/**
 * Takes the reply over and streams the reader's events after `afterId`: first those missed (still
 * kept), then new ones as any instance writes them, read from the table every second. Ids are
 * taken at insert, not at commit, so an id below one already sent may still appear: ids stay
 * looked at for EVENTS_POLICY.settleMs after they were first seen, and what was sent is skipped.
 */
export async function runEventStream(reply: FastifyReply, run: StreamRun): Promise<void> {
  const gone = new AbortController();
  let untrack = () => {};
  let heartbeat: NodeJS.Timeout | undefined;
  try {
    const res = openSse(reply);
    const endWith = (data: StreamError) => {
      sseEnd(res, sseMessage({ event: 'error', data }));
      gone.abort();
    };
    untrack = run.streams.track(() => endWith(STREAM_SHUTDOWN));
    res.on('close', () => gone.abort());
    heartbeat = setInterval(() => {
      void write(res, ': heartbeat\n\n', gone.signal);
      void run.places.renew(run.place);
    }, EVENTS_POLICY.heartbeatMs);
    // Lets the client know the stream is open before any event comes.
    await write(res, ': stream open\n\n', gone.signal);
    try {
      await pump(res, run, gone.signal);
    } catch (err) {
      run.logger.warn({ err }, 'event stream ended: events could not be read');
      endWith(STREAM_UNAVAILABLE);
    }
  } finally {
    gone.abort();
    clearInterval(heartbeat);
    untrack();
    await run.places.release(run.place);
  }
}

/** Sends what is after the low-water mark and not sent yet, every poll interval, until the stream is gone. */
async function pump(res: ServerResponse, run: StreamRun, gone: AbortSignal): Promise<void> {
  let lowWater = BigInt(run.afterId);
  const sent = new Map<bigint, number>();
  while (!gone.aborted) {
    let from = lowWater;
    for (;;) {
      const rows = await eventsAfter(run.db, scopeAt(run.reader, run.clock()), {
        filter: run.filter,
        afterId: from.toString(),
        limit: EVENTS_POLICY.batchSize,
      });
      for (const row of rows) {
        const id = BigInt(row.id);
        if (sent.has(id)) continue;
        await write(res, sseMessage({ id: eventId(run.reader, row.id), event: row.event, data: bodyOf(row) }), gone);
        sent.set(id, performance.now());
      }
      const last = rows.at(-1);
      if (!last || rows.length < EVENTS_POLICY.batchSize || gone.aborted) break;
      from = BigInt(last.id);
    }
    lowWater = settle(sent, lowWater);
    await sleep(EVENTS_POLICY.pollMs, undefined, { signal: gone }).catch(() => undefined);
  }
}

/** Moves the low-water mark past ids first seen over settleMs ago and forgets them. */
function settle(sent: Map<bigint, number>, lowWater: bigint): bigint {
  const settledBefore = performance.now() - EVENTS_POLICY.settleMs;
  let mark = lowWater;
  for (const [id, seenAt] of sent) if (seenAt <= settledBefore && id > mark) mark = id;
  for (const id of sent.keys()) if (id <= mark) sent.delete(id);
  return mark;
}
