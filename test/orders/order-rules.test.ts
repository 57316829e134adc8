import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/platform/mail.js';
import { eventsForOrder } from '../../src/orders/event-outbox-store.js';
import { runDeadlineSweep } from '../../src/orders/deadline-sweep.js';
import { airlineCalls } from '../shopping/shopping-fixture.js';
import { orderFixture, PASSENGER, type OrderFixture } from './order-fixture.js';

let f: OrderFixture;
let other: { secret: string };
let staticKey: { secret: string };
beforeAll(async () => {
  // A database of its own: its ticketing-deadline sweep, run a day ahead, announces every unpaid
  // hold in the database, and on the run's shared PostgreSQL database that was other files' holds
  // too (test/events/event-ids.test.ts read one as its newest event).
  f = await orderFixture({ isolated: true });
  other = await f.agencyWithKey();
  staticKey = await f.agencyWithKey({ kind: 'static' });
});
afterAll(async () => f?.close());

const enc = encodeURIComponent;
const airlineCallsOf = (operation: string) => airlineCalls(f, operation);

describe('booking rules', () => {
  it('makes exactly one airline booking for 50 parallel creates with one Idempotency-Key', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAIN$/, 25);
    const airlineOrders = async () =>
      ((await (await fetch(`${f.aa.url}/control/state`)).json()) as { store: { orders: number } }).store.orders;
    const bookedBefore = await airlineOrders();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => f.hold(offer.offer_id, {}, { 'idempotency-key': 'same-key-50' })),
    );
    const codes = answers.map((a) => a.statusCode);
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created).toHaveLength(1);
    expect(codes.every((c) => c === 201 || c === 200 || c === 409)).toBe(true);
    const id = created[0]!.json().order_id;
    expect(await airlineOrders()).toBe(bookedBefore + 1);
    for (const a of answers.filter((x) => x.statusCode === 200)) expect(a.json().order_id).toBe(id);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().code).toBe('idempotency_key_in_flight');
    const replay = await f.hold(offer.offer_id, {}, { 'idempotency-key': 'same-key-50' });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const list = await f.call('GET', '/v1/orders?limit=100');
    expect(list.json().orders.filter((o: { order_id: string }) => o.order_id === id)).toHaveLength(1);
    const reused = await f.call(
      'POST',
      '/v1/orders',
      { offer_id: offer.offer_id, passengers: [{ ...PASSENGER, given_name: 'Other' }], payment: { type: 'hold' } },
      { 'idempotency-key': 'same-key-50' },
    );
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('idempotency_key_reused');
    expect((await eventsForOrder(f.platform.db, id)).filter((e) => e.event === 'order.created')).toHaveLength(1);
  });

  it('lets a key whose first call failed before the airline be retried, and replays a refusal made by the airline', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAIN$/, 38);
    const first = (await f.hold(offer.offer_id)).json();
    const again = await f.offer('JFK', 'LAX', /MAIN$/, 38);
    const blocked = await f.hold(again.offer_id, {}, { 'idempotency-key': 'retry-after-conflict' });
    expect(blocked.statusCode, blocked.body).toBe(409);
    expect(blocked.json().code).toBe('order_conflict');
    expect((await f.call('DELETE', `/v1/orders/${enc(first.order_id)}?airline=AA`)).statusCode).toBe(204);
    const retried = await f.hold(again.offer_id, {}, { 'idempotency-key': 'retry-after-conflict' });
    expect(retried.statusCode, retried.body).toBe(201);

    const sat = await f.search({
      origin: 'DFW',
      destination: 'SAT',
      departure_date: new Date(Date.now() + 39 * 86_400_000).toISOString().slice(0, 10),
      adults: 1,
    });
    const ghost = (sat.json().offers as { offer_id: string; slices: { segments: { departing_at: string }[] }[] }[])
      .filter((o) => o.slices[0]!.segments.length === 1)
      .sort((a, b) => a.slices[0]!.segments[0]!.departing_at.localeCompare(b.slices[0]!.segments[0]!.departing_at))[0]!;
    const refused = await f.hold(ghost.offer_id, {}, { 'idempotency-key': 'refused-once' });
    expect(refused.statusCode).toBe(502);
    const before = await airlineCallsOf('createOrder');
    const replayed = await f.hold(ghost.offer_id, {}, { 'idempotency-key': 'refused-once' });
    expect(replayed.statusCode).toBe(502);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json().error).toBe(refused.json().error);
    expect(await airlineCallsOf('createOrder')).toBe(before);
  });

  it('refuses an order_conflict, a key over 128 characters, 3-D Secure data for AA, a missing offer_id or passenger', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAIN$/, 26);
    expect((await f.hold(offer.offer_id)).statusCode).toBe(201);
    const again = await f.offer('JFK', 'LAX', /MAIN$/, 26);
    const conflict = await f.hold(again.offer_id);
    if (conflict.statusCode === 409) expect(conflict.json().code).toBe('order_conflict');
    expect((await f.hold(offer.offer_id, {}, { 'idempotency-key': 'k'.repeat(129) })).statusCode).toBe(400);
    const tds = await f.hold(offer.offer_id, {
      payment: {
        type: 'card',
        card: { number: '4111111111111111', expiry: '1230', holder_name: 'A L' },
        authentication: { cavv: 'x' },
      },
    });
    expect(tds.statusCode).toBe(422);
    expect((await f.call('POST', '/v1/orders', { passengers: [PASSENGER] })).json().error).toBe('offer_id is required');
    expect((await f.call('POST', '/v1/orders', { offer_id: offer.offer_id, passengers: [] })).json().error).toBe(
      'at least one passenger is required',
    );
  });

  it('answers the carrier refusal of DFW-SAT with 502, its text and no stored order', async () => {
    const res = await f.search({
      origin: 'DFW',
      destination: 'SAT',
      departure_date: new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10),
      adults: 1,
    });
    const offers = res.json().offers as { offer_id: string; slices: { segments: { departing_at: string }[] }[] }[];
    const nonstops = offers
      .filter((o) => o.slices[0]!.segments.length === 1)
      .sort((a, b) => a.slices[0]!.segments[0]!.departing_at.localeCompare(b.slices[0]!.segments[0]!.departing_at));
    const before = (await f.call('GET', '/v1/orders?limit=100')).json().orders.length;
    const refused = await f.hold(nonstops[0]!.offer_id);
    expect(refused.statusCode, refused.body).toBe(502);
    expect(refused.json().error).toContain('Error during booking process. Code: 21, message: Rebooked segment unavailable');
    expect(refused.json().error).not.toContain('; Priced segment reference missing');
    expect((await f.call('GET', '/v1/orders?limit=100')).json().orders.length).toBe(before);
  });

  it('is 404 for a gone offer, 403 for a static key, 503 coming_soon when writes are off', async () => {
    const gone = await f.hold('AA|1.eyJvIjpbWyJBQU5PUEUiLCJBQSIsW1siQUFOT1BFLTEiLFsiUEFYMSJdXV1dXSwicCI6WzEsMCwwXX0');
    expect(gone.statusCode).toBe(404);
    {
      const res = await f.call(
        'POST',
        '/v1/orders',
        { offer_id: 'AA|x', passengers: [PASSENGER] },
        { 'x-api-key': staticKey.secret },
      );
      expect(res.statusCode).toBe(403);
      expect((await f.call('GET', '/v1/orders', undefined, { 'x-api-key': staticKey.secret })).statusCode).toBe(401);
    }
  });
});

describe('the order store', () => {
  it('keeps orders to their agency: every order path answers 404 to another agency', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAIN$/, 27);
    const order = (await f.hold(offer.offer_id)).json();
    const id = enc(order.order_id);
    const paths: [string, string][] = [
      ['GET', `/v1/orders/${id}`],
      ['GET', `/v1/orders/${id}/history`],
      ['GET', `/v1/orders/${id}/refund-eligibility?airline=AA`],
      ['PUT', `/v1/orders/${id}?airline=AA`],
      ['DELETE', `/v1/orders/${id}?airline=AA`],
      ['POST', `/v1/orders/${id}/quote?airline=AA`],
      ['POST', `/v1/orders/${id}/commit?airline=AA`],
      ['POST', `/v1/orders/${id}/reshop?airline=AA`],
      ['POST', `/v1/orders/${id}/change?airline=AA`],
      ['POST', `/v1/orders/${id}/change/confirm?airline=AA`],
      ['POST', `/v1/orders/${id}/cancel?airline=AA`],
      ['POST', `/v1/orders/${id}/cancel/confirm?airline=AA`],
      ['POST', `/v1/orders/${id}/refund?airline=AA`],
    ];
    for (const [method, url] of paths) {
      const res = await f.call(
        method,
        url,
        method === 'GET' || method === 'DELETE' ? undefined : url.includes('/change/confirm') ? { offer_id: 'AA|x' } : {},
        {
          'x-api-key': other.secret,
        },
      );
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('order_not_found');
      expect(res.json().did_you_mean).toBeUndefined();
    }
    const typo = order.order_id.slice(0, -1) + (order.order_id.endsWith('a') ? 'b' : 'a');
    const miss = await f.call('GET', `/v1/orders/${enc(typo)}`);
    expect(miss.statusCode).toBe(404);
    expect(miss.json().did_you_mean).toBe(order.order_id);
    expect((await f.call('GET', `/v1/orders/${id}?airline=BA`)).json().error).toBe('airline does not match the order');
    expect((await f.call('GET', `/v1/orders/nope`)).json().code).toBe('order_not_found');
    const list = await f.call('GET', '/v1/orders?limit=1');
    expect(list.json().orders).toHaveLength(1);
    expect(list.json().next_cursor).not.toBe('');
    // An order made between two pages appears on neither: the keyset continues where page one ended.
    const newer = (await f.hold((await f.offer('JFK', 'LAX', /MAIN$/, 42)).offer_id)).json();
    const page2 = await f.call('GET', `/v1/orders?limit=100&cursor=${list.json().next_cursor}`);
    expect(page2.json().orders.map((o: { order_id: string }) => o.order_id)).not.toContain(newer.order_id);
    expect(
      (await f.call('GET', `/v1/orders?pnr=${newer.pnr}`)).json().orders.map((o: { order_id: string }) => o.order_id),
    ).toEqual([newer.order_id]);
    expect((await f.call('GET', '/v1/orders?status=refunded')).json().orders).toEqual([]);
    expect((await f.call('GET', '/v1/orders?status=bogus')).statusCode).toBe(400);
    expect((await f.call('GET', '/v1/orders?limit=101')).statusCode).toBe(400);
    expect(page2.json().next_cursor).toBe('');
    expect(page2.json().orders.map((o: { order_id: string }) => o.order_id)).not.toContain(list.json().orders[0].order_id);
  });

  it('announces a hold whose payment limit is within 24 hours once', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAIN$/, 28);
    const order = (await f.hold(offer.offer_id)).json();
    const mailer = createMailer(f.platform);
    // AA's ticket-by time is 23:59 local the day after booking (24 to 48 hours out): sweep a day later.
    const deps = { db: f.platform.db, clock: () => new Date(Date.now() + 86_400_000), mailer, logger: f.platform.logger };
    await runDeadlineSweep(deps);
    await runDeadlineSweep(deps);
    const reminders = (await eventsForOrder(f.platform.db, order.order_id)).filter(
      (e) => e.event === 'order.ticketing_deadline_approaching',
    );
    expect(reminders).toHaveLength(1);
    expect(Object.keys(reminders[0]!.payload).sort()).toEqual(['airline', 'order_id', 'pnr', 'ticketing_deadline']);
    // Without SMTP_URL the mailer writes each message to DATA_DIR/outbox: one for this booking.
    const outbox = path.join(f.platform.config.dataDir, 'outbox');
    const mails = fs
      .readdirSync(outbox)
      .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'))
      .filter((m) => m.includes(order.pnr));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('ada@example.com');
  });
});
