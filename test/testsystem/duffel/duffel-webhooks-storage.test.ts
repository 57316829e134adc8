// The Duffel test system's webhooks and storage: events signed as Duffel signs them (checked here
// with the algorithm of Duffel's "Receiving webhooks" guide, written out independently), and orders
// kept across a restart on embedded storage.

import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuffelTestSystem } from '../../../src/testsystem/duffel/server.js';
import { client, control, searchSlice, startFixed, traveller } from './duffel-test-helpers.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

const SECRET = 'whsec_duffel_test_system_secret';
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/sources/duffel/webhooks`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** Duffel's guide: split "t=…,v1=…", HMAC-SHA256 the string "<t>.<raw body>" with the secret, compare hex. */
function genuine(body: string, signature: string, secret: string): boolean {
  const parts = Object.fromEntries(signature.split(',').map((kv) => kv.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return parts.v1 === expected;
}

async function bookOne(system: DuffelTestSystem) {
  const duffel = client(system);
  const search = await duffel.offerRequests.create({
    slices: [searchSlice('LHR', 'MAD')],
    passengers: [{ type: 'adult' }],
    return_offers: true,
  });
  const offer = search.data.offers.find((o) => o.owner.iata_code === 'IB')!;
  return duffel.orders.create({
    type: 'instant',
    selected_offers: [offer.id],
    passengers: [traveller(offer.passengers[0]!.id)],
    payments: [{ type: 'balance', amount: offer.total_amount, currency: offer.total_currency }],
  });
}

describe('webhooks from the Duffel test system', () => {
  it('sends order.created and order.airline_initiated_change_detected signed with X-Duffel-Signature', async () => {
    const system = await startFixed({ webhooks: { url: receiverUrl, secret: SECRET } });
    try {
      const order = await bookOne(system);
      await control(system, 'POST', `/control/orders/${order.data.id}/schedule-change`, { minutes: -30 });
      await system.webhooksSettled();
      const events = received.map((r) => ({ ...r, event: JSON.parse(r.body) as Record<string, unknown> }));
      expect(events.map((e) => e.event.type)).toEqual(['order.created', 'order.airline_initiated_change_detected']);
      for (const e of events) {
        const signature = e.headers['x-duffel-signature'] as string;
        expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        expect(genuine(e.body, signature, SECRET)).toBe(true);
        expect(genuine(e.body, signature, 'another_secret_entirely')).toBe(false);
        expect(e.event.id).toMatch(/^wev_0000/);
        expect(e.event).toMatchObject({ api_version: 'v2', live_mode: false });
      }
      expect((events[0]!.event.data as { object: { id: string } }).object.id).toBe(order.data.id);
      const change = (events[1]!.event.data as { object: { id: string; order_id: string } }).object;
      expect(change.order_id).toBe(order.data.id);
      expect(events[1]!.event.idempotency_key).toBe(change.id);
    } finally {
      await system.close();
    }
  });

  it('sends nothing once the target is cleared through the control route', async () => {
    const system = await startFixed({ webhooks: { url: receiverUrl, secret: SECRET } });
    received.length = 0;
    try {
      expect((await control(system, 'PUT', '/control/webhooks', { url: null })).status).toBe(200);
      await bookOne(system);
      await system.webhooksSettled();
      expect(received).toEqual([]);
    } finally {
      await system.close();
    }
  });
});

describe('storage of the Duffel test system', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'duffel-ts-'));
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  it('keeps orders and the clock across a restart on embedded storage', async () => {
    const first = await startFixed({ storage: { databaseUrl: null, dataDir } });
    let orderId: string;
    try {
      orderId = (await bookOne(first)).data.id;
    } finally {
      await first.close();
    }
    const second = await (
      await import('../../../src/testsystem/duffel/server.js')
    ).startDuffelTestSystem({ storage: { databaseUrl: null, dataDir } });
    try {
      const order = await client(second).orders.get(orderId);
      expect(order.data.owner.iata_code).toBe('IB');
      expect((await control(second, 'GET', '/control/state')).body).toMatchObject({
        now: '2026-12-01T10:00:00.000Z',
        storage: 'pglite',
        orders: 1,
      });
    } finally {
      await second.close();
    }
  });
});
