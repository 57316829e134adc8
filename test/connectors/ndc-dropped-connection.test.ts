// A connection the airline drops under a request (its idle cut-off or a restart racing a pooled
// socket): a read or a quote is sent once more and answered; a booking message is not, because the
// airline may have acted on the first copy. Against a real HTTP server that cuts the socket.
import http from 'node:http';
import type net from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { AA_PROFILE } from '../../src/connectors/aa/aa-profile.js';
import { NdcTransport } from '../../src/connectors/ndc/ndc-transport.js';

const ANSWER = '<IATA_OrderViewRS><Response><Order><OrderID>X1</OrderID></Order></Response></IATA_OrderViewRS>';

/** A server that counts what reaches it, and cuts the connection of the first `drop` requests. */
async function airline(drop: number) {
  const received: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    received.push(req.url!.split('/').pop()!);
    req.resume();
    req.on('end', () => {
      if (received.length <= drop) return req.socket.destroy();
      res.writeHead(200, { 'content-type': 'application/xml' }).end(ANSWER);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return { port: (server.address() as net.AddressInfo).port, received, close };
}

const transport = new NdcTransport(AA_PROFILE);
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});
afterAll(() => transport.close());
const endpoint = (port: number) => ({ baseUrl: `http://127.0.0.1:${port}`, subscriptionKey: 'k' });

describe('a connection dropped under an NDC request', () => {
  it('sends OrderRetrieve once more and answers; OrderCreate reaches the airline once and fails as unavailable', async () => {
    const read = await airline(1);
    closers.push(read.close);
    const retrieved = await transport.call(endpoint(read.port), { message: 'OrderRetrieve', xml: '<x/>', budgetMs: 5_000 });
    expect(retrieved.ok).toBe(true);
    expect(read.received).toEqual(['OrderRetrieve', 'OrderRetrieve']);

    const book = await airline(1);
    closers.push(book.close);
    const created = await transport.call(endpoint(book.port), { message: 'OrderCreate', xml: '<x/>', budgetMs: 5_000 });
    expect(created).toMatchObject({ ok: false, failure: { kind: 'unavailable' } });
    expect(book.received).toEqual(['OrderCreate']);
  });
});
