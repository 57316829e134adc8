import type { FastifyInstance } from 'fastify';

/**
 * The URL a test system listening in `app` answers on: its host (127.0.0.1 when it listens on every
 * interface or was given none) and the port it got (the one asked for, or the one the OS chose for 0).
 */
export function listenedUrl(app: FastifyInstance, options: { host?: string; port?: number }): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  return `http://${host}:${port}`;
}
