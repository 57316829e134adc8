import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signatureProblem } from '../../../src/orders/airline-changes/notification-signature.js';
import { AA_PROFILE } from '../../../src/connectors/aa/aa-profile.js';
import { readChangeNotification } from '../../../src/connectors/ndc/orders/change-notification-reader.js';
import { ndcSchemaErrors } from '../../connectors/ndc-schema-validator.js';
import { orderFixture, type OrderFixture } from '../../orders/order-fixture.js';
import { PATIENCE } from '../../helpers/patience.js';

/** A seller endpoint that records what AA sends and answers with the next status queued (200 when none). */
function captureServer() {
  const received: { body: string; signature: string | undefined; contentType: string | undefined }[] = [];
  const statuses: number[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ body, signature: req.headers['x-airline-signature'] as string, contentType: req.headers['content-type'] });
      res.writeHead(statuses.shift() ?? 200, { 'content-type': 'application/json' }).end('{"status":"received"}');
    });
  });
  return { server, received, statuses };
}

let f: OrderFixture;
let capture: ReturnType<typeof captureServer>;
beforeAll(async () => {
  f = await orderFixture();
  capture = captureServer();
  await new Promise<void>((resolve) => capture.server.listen(0, '127.0.0.1', resolve));
  const { port } = capture.server.address() as AddressInfo;
  await f.control('POST', '/control/notifications', { url: `http://127.0.0.1:${port}/notify` });
});
afterAll(async () => {
  await f?.close();
  await new Promise((resolve) => capture?.server.close(resolve));
});

const change = async (body: Record<string, unknown>) => {
  const res = await fetch(`${f.aa.url}/control/schedule-changes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> & { orders: Record<string, unknown>[] } };
};
const flightOf = async (airlineOrderId: string) =>
  ((await (await fetch(`${f.aa.url}/control/orders/${airlineOrderId}`)).json()) as { flights: { key: string }[] }).flights[0]!
    .key;

describe('AA test system: OrderChangeNotifRQ', () => {
  it('announces a retime and a cancellation with schema-valid, signed OrderChangeNotifRQ naming the order, its PNR and version', async () => {
    const order = (await f.hold((await f.offer('JFK', 'LAX', /MAINFL/, 22)).offer_id)).json();
    const flight = await flightOf(order.airline_order_id);
    const dep = (
      (await (await fetch(`${f.aa.url}/control/orders/${order.airline_order_id}`)).json()) as { flights: { dep: string }[] }
    ).flights[0]!.dep;
    const day = dep.slice(0, 10);
    for (const body of [
      { flight, change: 'retime', minutes: 125 },
      { flight, change: 'retime', departure: `${day}T06:05`, arrival: `${day}T09:40` },
      { flight, change: 'renumber', flightNumber: 4321 },
      { flight, change: 'cancel' },
    ]) {
      const before = capture.received.length;
      const { status, json } = await change(body);
      expect(status, JSON.stringify(json)).toBe(200);
      expect(json.orders[0]).toMatchObject({ orderId: order.airline_order_id, notification: { delivered: true, status: 200 } });
      expect(capture.received).toHaveLength(before + 1);
      const got = capture.received.at(-1)!;
      expect(got.contentType).toMatch(/^application\/xml/);
      expect(await ndcSchemaErrors(got.body, 'IATA_OrderChangeNotifRQ')).toEqual([]);
      expect(signatureProblem(got.signature, got.body, f.platform.config.sources.AA!.signing!.secret, new Date())).toBeNull();
      expect(signatureProblem(got.signature, got.body, 'another-secret-of-16+', new Date())).toMatch(/does not match/);
      const read = readChangeNotification(got.body, AA_PROFILE);
      expect(read.ok && read.value).toEqual({
        orders: [{ airlineOrderId: order.airline_order_id, pnr: order.pnr, version: expect.any(Number) }],
        kinds: [body.change === 'cancel' ? 'flight_cancelled' : 'schedule_change'],
      });
      // A renumber keeps the times the retime before it set.
      if (body.change === 'renumber')
        expect(
          ((await (await fetch(`${f.aa.url}/control/orders/${order.airline_order_id}`)).json()) as { flights: unknown[] })
            .flights[0],
        ).toMatchObject({
          dep: `${day}T06:05:00`,
          arr: `${day}T09:40:00`,
        });
    }
    // The cancelled flight's passengers were moved to another flight; the hold stays open.
    const after = (await (await fetch(`${f.aa.url}/control/orders/${order.airline_order_id}`)).json()) as {
      status: string;
      flights: { key: string }[];
      notices: string[];
    };
    expect(after.flights[0]!.key).not.toBe(flight);
    expect(after.status).toBe('OPENED');
    expect(after.notices.at(-1)).toMatch(/cancelled by AA; rebooked on AA\d+ departing /);
    const last = capture.received.at(-1)!.body;
    // Its New carries the alternative flight, Old the cancelled one.
    const flightNumber = (key: string) => key.replace(/^AA(\d+)\/.*$/, '$1');
    const [newPart, oldPart] = [last.slice(last.indexOf('<New>'), last.indexOf('</New>')), last.slice(last.indexOf('<Old>'))];
    expect(newPart).toContain(
      `<MarketingCarrierFlightNumberText>${flightNumber(after.flights[0]!.key)}</MarketingCarrierFlightNumberText>`,
    );
    expect(oldPart).toContain('<MarketingCarrierFlightNumberText>4321</MarketingCarrierFlightNumberText>');
  });

  it('retries a failed notification in the background, and sends none when told to drop it', async () => {
    const order = (await f.hold((await f.offer('JFK', 'LAX', /MAINFL/, 24)).offer_id)).json();
    const flight = await flightOf(order.airline_order_id);
    const before = capture.received.length;
    const dropped = await change({ flight, change: 'retime', minutes: 15, notify: false });
    expect(dropped.json.orders[0]).toMatchObject({ notification: null });
    expect(capture.received).toHaveLength(before);

    capture.statuses.push(503);
    const failed = await change({ flight, change: 'retime', minutes: 15 });
    expect(failed.json.orders[0]).toMatchObject({ notification: { delivered: false, status: 503, retrying: true } });
    await vi.waitFor(() => expect(capture.received).toHaveLength(before + 2), PATIENCE);
    expect(capture.received.at(-1)!.body).toBe(capture.received.at(-2)!.body);
  });

  it('refuses a change it cannot apply, naming the field', async () => {
    for (const [body, error] of [
      [{ change: 'retime', minutes: 10 }, /^flight must/],
      [{ flight: 'AA1/2026-12-01', change: 'delay' }, /^change must be one of/],
      [{ flight: 'AA1/2026-12-01', change: 'retime' }, /^departure must/],
      [{ flight: 'AA1/2026-12-01', change: 'retime', minutes: 0 }, /^minutes must/],
      [{ flight: 'AA1/2026-12-01', change: 'renumber', flightNumber: 0 }, /^flightNumber must/],
      [{ flight: 'AA1/2026-12-01', change: 'cancel', notify: 'no' }, /^notify must/],
    ] as const) {
      const res = await change(body);
      expect(res.status).toBe(400);
      expect(String(res.json.error)).toMatch(error);
    }
  });
});
