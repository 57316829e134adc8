// VS announces schedule changes as its samples do (ocn_time_change_rq.xml, ocn_flight_cancel_rq.xml):
// a signed OrderChangeNotifRQ per booking, VS as carrier, ChangeTypeCode 2 / ReasonCode 100 for a time
// change and 3 / 116 for a cancelled flight. And an airline that remembers: bookings survive a
// restart on the run's storage (PGlite, or PostgreSQL when DATABASE_URL is set), in vs_test_system.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_VS_NOTIFY_SECRET } from '../../../src/platform/config.js';
import { openDatabase } from '../../../src/platform/db/database.js';
import { signatureProblem } from '../../../src/orders/airline-changes/notification-signature.js';
import type { VsTestSystem } from '../../../src/testsystem/vs/server.js';
import {
  airShoppingRq,
  all,
  control,
  first,
  freshStorage,
  offersIn,
  orderCreateRq,
  orderRetrieveRq,
  postValid,
  startVs,
  xsdErrors,
} from './vs-test-helpers.js';
import { needsUpstream } from '../../helpers/upstream.js';
import { readSample } from './vs-sample-reader.js';

/** Every element path of a document (`Notification/ChangeGroup/…/ActionCode`), namespaces and order aside. */
function elementPaths(xml: string): Set<string> {
  const paths = new Set<string>();
  const stack: string[] = [];
  for (const m of xml.matchAll(/<(\/?)([A-Za-z_][\w.-]*)([^>]*?)(\/?)>/g)) {
    if (m[1]) stack.pop();
    else {
      stack.push(m[2]!);
      paths.add(stack.slice(1).join('/'));
      if (m[4]) stack.pop();
    }
  }
  return paths;
}

const received: { body: string; signature: string | undefined }[] = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString('utf8')));
  req.on('end', () => {
    received.push({ body, signature: req.headers['x-airline-signature'] as string | undefined });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"received"}');
  });
});

const closers: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => receiver.close(resolve)));
});
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => {});
});

async function hold(vs: VsTestSystem) {
  const shop = await postValid(vs, 'AirShopping', airShoppingRq('LHR', 'JFK'), 'IATA_AirShoppingRS');
  const offer = offersIn(shop.body).find((o) => o.flights.length === 1)!;
  const held = await postValid(vs, 'OrderCreate', orderCreateRq(offer, null), 'IATA_OrderViewRS');
  expect(held.schemaErrors).toEqual([]);
  const orderId = first(held.body, 'OrderID')!;
  const state = (await (await control(vs, 'GET', `/control/orders/${orderId}`)).json()) as {
    pnr: string;
    flights: { key: string }[];
  };
  return { orderId, pnr: state.pnr, flight: state.flights[0]!.key };
}

describe('VS test system: notifications and restarts', () => {
  it('sends a signed, schema-valid OrderChangeNotifRQ for a time change and for a cancelled flight', async () => {
    const vs = await startVs();
    closers.push(() => vs.close());
    const { port } = receiver.address() as AddressInfo;
    await control(vs, 'POST', '/control/notifications', { url: `http://127.0.0.1:${port}/v1/airlines/vs/notifications` });
    const { orderId, pnr, flight } = await hold(vs);
    expect(flight).toMatch(/^VS\d+\/2026-12-15$/);
    for (const [body, codes] of [
      [
        { flight, change: 'retime', minutes: 95 },
        { type: '2', reason: '100' },
      ],
      [
        { flight, change: 'cancel' },
        { type: '3', reason: '116' },
      ],
    ] as const) {
      const before = received.length;
      const res = await control(vs, 'POST', '/control/schedule-changes', body);
      expect(res.status).toBe(200);
      expect(received).toHaveLength(before + 1);
      const got = received.at(-1)!;
      expect(await xsdErrors('IATA_OrderChangeNotifRQ', got.body)).toEqual([]);
      expect(signatureProblem(got.signature, got.body, DEV_VS_NOTIFY_SECRET, new Date())).toBeNull();
      expect(first(got.body, 'ChangeTypeCode')).toBe(codes.type);
      expect(first(got.body, 'ReasonCode')).toBe(codes.reason);
      expect(got.body).toContain('<Name>Virgin Atlantic Airways</Name><OrgID>VS</OrgID>');
      expect(first(got.body, 'BookingID')).toBe(pnr);
      expect(first(got.body, 'OrderID')).toBe(orderId);
    }
    const read = await postValid(vs, 'OrderRetrieve', orderRetrieveRq(orderId), 'IATA_OrderViewRS');
    expect(read.schemaErrors).toEqual([]);
    // The cancelled flight's passengers are moved to another VS flight (re-accommodation): the booking stays open.
    expect(read.body).not.toContain('<StatusCode>CLOSED</StatusCode>');
    expect(all(read.body, 'DescText')).toEqual(
      expect.arrayContaining([expect.stringMatching(/cancelled by Virgin Atlantic; rebooked on VS\d+ departing /)]),
    );
  });

  it("tells of a flight cancelled with no alternative as ocn_flight_cancel_rq.xml does: the order's items, follow-up action, services and passengers", async () => {
    needsUpstream('ndc-samples');
    const vs = await startVs();
    closers.push(() => vs.close());
    const { port } = receiver.address() as AddressInfo;
    await control(vs, 'POST', '/control/notifications', { url: `http://127.0.0.1:${port}/v1/airlines/vs/notifications` });
    const { orderId, pnr, flight } = await hold(vs);
    // Every other LHR-JFK flight that day and the next sold out: VS has nowhere to move the passenger.
    for (const date of ['2026-12-15', '2026-12-16']) {
      const listed = (await (await control(vs, 'GET', `/control/flights?origin=LHR&destination=JFK&date=${date}`)).json()) as {
        flights: { flight: string }[];
      };
      for (const other of listed.flights.filter((o) => o.flight !== flight))
        await control(vs, 'POST', '/control/inventory/close', { flightKey: other.flight });
    }
    const before = received.length;
    expect((await control(vs, 'POST', '/control/schedule-changes', { flight, change: 'cancel' })).status).toBe(200);
    expect(received).toHaveLength(before + 1);
    const got = received.at(-1)!.body;
    expect(await xsdErrors('IATA_OrderChangeNotifRQ', got)).toEqual([]);
    // Every element the sample has, ours has, at the same place (DistributionChain's seller name aside:
    // the booking keeps the seller's OrgID only).
    const sample = readSample('orderchangenotif/ocn_flight_cancel_rq.xml');
    const missing = [...elementPaths(sample)].filter((p) => !elementPaths(got).has(p) && !p.endsWith('ParticipatingOrg/Name'));
    expect(missing).toEqual([]);
    const view = await postValid(vs, 'OrderRetrieve', orderRetrieveRq(orderId), 'IATA_OrderViewRS');
    const itemIds = [...view.body.matchAll(/<OrderItemID>([^<]+)</g)].map((m) => m[1]);
    const newOrder = got.slice(got.indexOf('<New>'), got.indexOf('</New>'));
    expect(all(newOrder, 'OrderItemID')).toEqual(itemIds);
    expect(all(newOrder, 'ActionCode')).toEqual(['ContactAirline']);
    expect(all(newOrder, 'BookingID')).toEqual([pnr]);
    expect(all(newOrder, 'StatusCode')).toEqual(['CANCELLED']);
    expect(all(newOrder, 'GivenName')).toEqual(['Ada1']);
    expect(all(newOrder, 'MarketingCarrierRBD_Code')).toHaveLength(1);
  });

  it('keeps bookings and the clock across a restart, in the vs_test_system schema', async () => {
    const storage = await freshStorage();
    let vs = await startVs({ storage });
    const port = Number(new URL(vs.url).port);
    closers.push(() => vs.close());
    const { orderId, pnr } = await hold(vs);
    const state = (await (await control(vs, 'GET', '/control/state')).json()) as { storage: string };
    expect(state.storage).toBe(storage.databaseUrl ? 'postgres' : 'pglite');
    await vs.close();
    vs = await (
      await import('../../../src/testsystem/vs/server.js')
    ).startVsTestSystem({
      subscriptionKey: 'test-subscription-key',
      logger: false,
      storage,
      port,
    });
    const clock = (await (await control(vs, 'GET', '/control/state')).json()) as { now: string };
    expect(clock.now).toMatch(/^2026-11-20T12:0/);
    const read = await postValid(vs, 'OrderRetrieve', orderRetrieveRq(orderId), 'IATA_OrderViewRS');
    expect(read.schemaErrors).toEqual([]);
    expect(first(read.body, 'OrderID')).toBe(orderId);
    expect(first(read.body, 'BookingID')).toBe(pnr);
    const orders = (await (await control(vs, 'GET', '/control/orders')).json()) as { orders: { orderId: string }[] };
    expect(orders.orders.map((o) => o.orderId)).toEqual([orderId]);
    await vs.close();
    // The booking is VS's own row, in VS's schema, beside (never in) AA's.
    const database = await openDatabase(storage);
    closers.push(() => database.close());
    const rows = await database.withClient((client) =>
      client.query<{ order_id: string; pnr: string }>('select order_id, pnr from vs_test_system.bookings'),
    );
    expect(rows).toEqual([{ order_id: orderId, pnr }]);
    // Three opens of embedded storage (PGlite's start is slow on a busy machine).
  }, 120_000);
});
