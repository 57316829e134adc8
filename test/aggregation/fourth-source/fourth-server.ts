// The fourth source's own system: a small HTTP server speaking a JSON protocol of its own (not NDC,
// not Duffel's), as a source the gateway was never written for would. It sells flights of one
// owner airline, QX, checks the key every call carries, and records what it was asked.

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FOURTH_OWNER = 'QX';

export interface FourthCall {
  path: string;
  body: unknown;
}

export interface FourthServer {
  url: string;
  /** Every call that carried the right key, in order. */
  calls: FourthCall[];
  close(): Promise<void>;
}

/** One flight a day between any two airports, 100.00 USD a passenger, offered as `<date>.<origin><destination>`. */
function offerFor(origin: string, destination: string, date: string, adults: number) {
  return {
    ref: `${date}.${origin}${destination}`,
    owner: FOURTH_OWNER,
    flight: '401',
    origin,
    destination,
    departing_at: `${date}T09:00:00`,
    arriving_at: `${date}T17:00:00`,
    total_minor: 10_000 * adults,
    currency: 'USD',
  };
}

export async function startFourthServer(options: { port: number; key: string }): Promise<FourthServer> {
  const calls: FourthCall[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.headers['x-fourth-key'] !== options.key) return answer(401, { error: 'bad key' });
      const body = chunks.length > 0 ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : null;
      calls.push({ path: request.url ?? '', body });
      if (request.url === '/ping') return answer(200, { ok: true });
      if (request.url === '/search' && body) {
        const { origin, destination, date, adults } = body as {
          origin: string;
          destination: string;
          date: string;
          adults: number;
        };
        return answer(200, { offers: [offerFor(origin, destination, date, adults)] });
      }
      if (request.url === '/price' && body) {
        const { ref, adults } = body as { ref: string; adults: number };
        const match = /^(\d{4}-\d{2}-\d{2})\.([A-Z]{3})([A-Z]{3})$/.exec(ref);
        if (!match) return answer(404, { error: 'no such offer' });
        return answer(200, { offer: offerFor(match[2]!, match[3]!, match[1]!, adults) });
      }
      return answer(404, { error: 'unknown call' });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
