// A source that streams without end cannot take the gateway's memory: past the transport's limit the
// answer is refused as unreadable, the connection is closed under the stream, and the next call on the
// same transport is answered. Against a real HTTP server, for NDC (AA's profile) and for Duffel.
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AA_PROFILE } from '../../src/connectors/aa/aa-profile.js';
import { DuffelTransport } from '../../src/connectors/duffel/duffel-transport.js';
import { NdcTransport } from '../../src/connectors/ndc/ndc-transport.js';

const LIMIT = 256 * 1024;
const NDC_ANSWER = '<IATA_OrderViewRS><Response><Order><OrderID>X1</OrderID></Order></Response></IATA_OrderViewRS>';

let server: http.Server;
let base: string;
/** Whether the next answer streams without end, and the endless streams the client closed. */
let endless = true;
let closedUnderStream = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const ndc = req.url!.startsWith('/ndc/');
      if (!endless) {
        res.writeHead(200, { 'content-type': ndc ? 'application/xml' : 'application/json' });
        return res.end(ndc ? NDC_ANSWER : JSON.stringify({ data: { id: 'arl_1' } }));
      }
      res.writeHead(200, { 'content-type': ndc ? 'application/xml' : 'application/json' });
      const chunk = Buffer.alloc(16 * 1024, ndc ? '<a/>' : ' ');
      const more = () => {
        // Writes until the client goes: a source that never ends its answer.
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', more);
      };
      res.on('close', () => {
        if (!res.writableEnded) closedUnderStream++;
      });
      more();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("a source's answer past the transport's limit", () => {
  // Each source: its transport at the small limit, one call, the message it fails with, and what
  // the same call answers once the server ends its answers.
  const sources = [
    {
      source: 'NDC',
      call: () => {
        const transport = new NdcTransport(AA_PROFILE, LIMIT);
        const endpoint = { baseUrl: base, subscriptionKey: 'k' };
        return { transport, send: () => transport.call(endpoint, { message: 'OrderRetrieve', xml: '<x/>', budgetMs: 5_000 }) };
      },
      message: "the airline's OrderRetrieve answer could not be read: the answer is larger than 262144 bytes",
      answered: { ok: true },
    },
    {
      source: 'Duffel',
      call: () => {
        const transport = new DuffelTransport(Date.now, LIMIT);
        const endpoint = { baseUrl: base, token: 'duffel_test_abc' };
        return {
          transport,
          send: () => transport.call(endpoint, { method: 'GET', path: '/air/airlines', budgetMs: 5_000, what: 'airlines' }),
        };
      },
      message: "Duffel's answer to the airlines could not be read: the answer is larger than 262144 bytes",
      answered: { ok: true, value: { data: { id: 'arl_1' } } },
    },
  ];

  it.each(sources)('$source: refused as unreadable, the stream closed under it, the next call answered', async (case_) => {
    const { transport, send } = case_.call();
    endless = true;
    const closedBefore = closedUnderStream;
    expect(await send()).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: 'bad_response', message: case_.message }),
    });
    await expect.poll(() => closedUnderStream).toBe(closedBefore + 1);
    endless = false;
    expect(await send()).toMatchObject(case_.answered);
    await transport.close();
  });
});
