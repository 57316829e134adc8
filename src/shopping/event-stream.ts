import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';

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

const format = (event: string, data: unknown) =>
  `event: ${event}\ndata: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

/**
 * Takes the response over from Fastify and opens a Server-Sent Events stream. Headers already
 * set on the reply (request id, RateLimit-*) go out with the stream's own.
 */
export function openEventStream(reply: FastifyReply): EventStream {
  const gone = new AbortController();
  const headers = { ...reply.getHeaders() } as OutgoingHttpHeaders;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Proxies such as nginx buffer responses unless told not to; an event must arrive when sent.
    'x-accel-buffering': 'no',
  });

  const server = reply.server.server;
  let streams = openStreams.get(server);
  if (!streams) openStreams.set(server, (streams = new Set()));
  const endWith = ({ event, data }: TerminalEvent) => {
    if (res.writableEnded || res.destroyed) return;
    // The connection goes too: its headers promised keep-alive, and a server that is closing
    // waits for every connection, idle ones included. (Taken now: a finished response lets go of it.)
    const socket = res.socket;
    res.end(format(event, data), () => socket?.destroy());
    gone.abort();
  };
  streams.add(endWith);
  res.on('close', () => {
    streams.delete(endWith);
    if (!res.writableEnded) gone.abort();
  });
  return {
    send(event, data) {
      if (res.writableEnded || res.destroyed) return;
      res.write(format(event, data));
      // A response holds its writes back until the next tick (it corks the socket) so that several
      // go out together; an event must leave now, not after whatever else this tick still does.
      res.socket?.uncork();
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
