import type { FastifyReply } from 'fastify';
import { openSse, sseEnd, sseMessage, sseWrite } from '../platform/http/sse.js';

export interface EventStream {
  send(event: string, data: unknown): void;
  end(): void;
  /** Aborted when the client goes away before the stream ended, or the server ends it (shutdown). */
  readonly signal: AbortSignal;
}

type TerminalEvent = { event: string; data: unknown };

// Streams still open, per HTTP server (shared by every encapsulated Fastify context of one app),
// so a shutdown can end them with a terminal event instead of cutting the connection.
const openStreams = new WeakMap<object, Set<(terminal: TerminalEvent) => void>>();

/**
 * Takes the response over from Fastify and opens a Server-Sent Events stream. Headers already
 * set on the reply (request id, RateLimit-*) go out with the stream's own.
 */
export function openEventStream(reply: FastifyReply): EventStream {
  const gone = new AbortController();
  const res = openSse(reply);

  const server = reply.server.server;
  let streams = openStreams.get(server);
  if (!streams) openStreams.set(server, (streams = new Set()));
  const endWith = ({ event, data }: TerminalEvent) => {
    if (sseEnd(res, sseMessage({ event, data }))) gone.abort();
  };
  streams.add(endWith);
  res.on('close', () => {
    streams.delete(endWith);
    if (!res.writableEnded) gone.abort();
  });
  return {
    send(event, data) {
      sseWrite(res, sseMessage({ event, data }));
    },
    end() {
      if (!res.writableEnded) res.end();
    },
    signal: gone.signal,
  };
}

/**
 * Ends every stream still open on `server` with one terminal event (after which the client knows
 * the stream is over and why) and closes their connections. Answers how many there were.
 */
export function endOpenEventStreams(server: object, event: string, data: unknown): number {
  const streams = openStreams.get(server);
  if (!streams) return 0;
  const ending = [...streams];
  for (const endWith of ending) endWith({ event, data });
  return ending.length;
}
