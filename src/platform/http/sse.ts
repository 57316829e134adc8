import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * Server-Sent Events on a raw response: the one place that frames messages, opens the stream and
 * writes and ends it, for the search stream and the events stream alike.
 */

/** One message: `id:` when given, `event:`, then `data:` (a string as it is, anything else as JSON). */
export function sseMessage(message: { id?: string; event: string; data: unknown }): string {
  const data = typeof message.data === 'string' ? message.data : JSON.stringify(message.data);
  return `${message.id === undefined ? '' : `id: ${message.id}\n`}event: ${message.event}\ndata: ${data}\n\n`;
}

/**
 * Takes the response over from Fastify and answers 200 with the stream's headers; headers already
 * set on the reply (request id, RateLimit-*) go out with them.
 */
export function openSse(reply: FastifyReply): ServerResponse {
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
  return res;
}

/**
 * Writes `text` and sends it now: a response holds its writes back until the next tick (it corks
 * the socket) so that several go out together, and an event must leave now. Nothing once the
 * stream ended. Answers false when the socket's buffer is full (the caller may wait for `drain`).
 */
export function sseWrite(res: ServerResponse, text: string): boolean {
  if (res.writableEnded || res.destroyed) return true;
  const room = res.write(text);
  res.socket?.uncork();
  return room;
}

/**
 * Ends the stream with a last `text` and closes the connection too: its headers promised
 * keep-alive, and a server that is closing waits for every connection, idle ones included. (The
 * socket is taken now: a finished response lets go of it.) Answers false when it had ended already.
 */
export function sseEnd(res: ServerResponse, text: string): boolean {
  if (res.writableEnded || res.destroyed) return false;
  const socket = res.socket;
  res.end(text, () => socket?.destroy());
  return true;
}
