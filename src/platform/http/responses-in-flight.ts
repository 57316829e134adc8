import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** What a closing server does with the responses still being written. */
export interface ResponsesInFlight {
  /**
   * From now on each connection closes with its response: a response not yet begun says
   * `Connection: close` (Node then ends the connection after it), one already begun (a stream)
   * has its connection ended once it is written. Called just before `app.close()`.
   */
  closeEachWithItsResponse(): void;
}

/**
 * Node's `server.close()` waits for every connection to close, and closes only those idle at that
 * moment: a keep-alive connection whose response was still being written then stays open after
 * that response until its keep-alive time-out (HTTP_KEEP_ALIVE_TIMEOUT_MS, 72 s), longer than any
 * shutdown grace, and the process is forced out though nothing was left to do. Fastify marks
 * `Connection: close` only on requests that arrive once it is closing. Node 20's
 * `closeIdleConnections()` cannot be called again meanwhile: it cuts connections whose request is
 * parsed but still being answered.
 *
 * So the responses in flight are watched from the start (a set entry per request, dropped when it
 * closes), and a shutdown closes each connection as its last response ends.
 */
export function watchResponsesInFlight(server: Server): ResponsesInFlight {
  const inFlight = new Set<ServerResponse>();
  let closing = false;
  const closeWith = (res: ServerResponse) => {
    if (!res.headersSent) {
      res.setHeader('Connection', 'close');
      return;
    }
    // The socket is taken now: Node detaches it from the response when the response finishes.
    const socket: Socket | null = res.socket;
    if (!socket) return;
    if (res.writableFinished) socket.end();
    else res.once('finish', () => socket.end());
  };
  server.on('request', (_req, res: ServerResponse) => {
    if (closing) return closeWith(res);
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  return {
    closeEachWithItsResponse() {
      closing = true;
      for (const res of inFlight) closeWith(res);
      inFlight.clear();
    },
  };
}
