import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Marks the request in access logs: the gateway asking itself, not a client. */
export const START_PROBE_USER_AGENT = 'flightagg-start-probe';

// Generous: on a loaded 2-core machine the first request through the stack can take seconds.
const PROBE_BUDGET_MS = 30_000;
const RETRY_MS = 100;

/** Where a client on this machine reaches the listening socket: a wildcard bind answers on loopback. */
function reachableAt(address: AddressInfo): { host: string; port: number } {
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return { host, port: address.port };
}

function askOnce(target: { host: string; port: number }, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        ...target,
        path: '/v1/health',
        agent: false,
        headers: { 'user-agent': START_PROBE_USER_AGENT },
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        // Any answer will do: the point is that one came back through the socket.
        response.resume();
        response.once('end', resolve);
        response.once('error', reject);
      },
    );
    request.once('error', reject);
  });
}

/**
 * Resolves once the gateway has answered a request that came in through its own socket.
 * `listen()` resolving only means the kernel queues connections; the banner and the "gateway
 * ready" log wait for an answer, so neither says "listening" before a client would get one.
 * Returns false (the caller warns and goes on) if no answer came within the budget.
 */
export async function answersOnItsSocket(app: FastifyInstance): Promise<boolean> {
  const address = app.server.address();
  if (!address || typeof address === 'string') return true;
  const target = reachableAt(address);
  const deadline = Date.now() + PROBE_BUDGET_MS;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    try {
      await askOnce(target, left);
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}
