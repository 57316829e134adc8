import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';

export interface EventStream {
  send(event: string, data: unknown): void;
  end(): void;
  /** Aborted when the client goes away before the stream ended. */
  readonly signal: AbortSignal;
}

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
  res.on('close', () => {
    if (!res.writableEnded) gone.abort();
  });
  return {
    send(event, data) {
      if (res.writableEnded || res.destroyed) return;
      res.write(`event: ${event}\ndata: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
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
