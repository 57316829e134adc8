import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsForOrder } from '../../src/orders/event-outbox-store.js';
import { AIRLINE_SWEEP_JOB } from '../../src/orders/airline-changes/airline-sweep.js';
import { DEFERRED_REFRESH_JOB } from '../../src/orders/airline-changes/refresh-limiter.js';
import { ndcSchemaErrors } from '../connectors/ndc-schema-validator.js';
import { airlineChangesFixture, minimalNotification, type AirlineChangesFixture } from './airline-changes-fixture.js';

// Runs on the run's storage: PGlite by default, PostgreSQL when DATABASE_URL is set. A database of
// its own: the sweep looks at every agency's orders, and other files' orders departing soon would
// take its turns.
let f: AirlineChangesFixture;
beforeAll(async () => {
  f = await airlineChangesFixture({ isolated: true, env: { AIRLINE_NOTIFY_REFRESH_SECONDS: '1' } });
});
afterAll(async () => f?.close());

const path = (id: string, tail = '') => `/v1/orders/${encodeURIComponent(id)}${tail}`;
const read = async (id: string) => (await f.call('GET', path(id))).json();
const events = async (id: string) => (await eventsForOrder(f.platform.db, id)).map((e) => e.event);
const history = async (id: string) =>
  (await f.call('GET', path(id, '/history'))).json().entries as {
    action: string;
    actor: { kind: string };
    detail: Record<string, unknown>;
  }[];
const routeOf = async (flight: string) => {
  const [origin, destination] = (
    (await (await fetch(`${f.aa.url}/control/inventory?flight=${flight}`)).json()) as { route: string }
  ).route.split('-');
  return { origin: origin!, destination: destination! };
};
const shift = (local: string, minutes: number) => new Date(Date.parse(`${local}Z`) + minutes * 60_000).toISOString().slice(0, 19);

describe('airline-initiated changes reach orders without polling', () => {
  it('a retime at AA reaches the order and its order.updated through OrderChangeNotif alone; the segment shows old and new until acknowledged', async () => {
    const order = (await f.hold((await f.offer('JFK', 'LAX', /MAINFL/, 21)).offer_id)).json();
    const before = await read(order.order_id);
    const segment = before.segments[0];
    expect(segment.schedule_change).toBeNull();
    const [flight] = (await f.airline(order.airline_order_id)).flights;

    const change = await f.scheduleChange({ flight: flight!.key, change: 'retime', minutes: 95 });
    expect(change.orders.map((o) => o.orderId)).toEqual([order.airline_order_id]);
    expect(change.orders[0]!.notification).toMatchObject({ delivered: true, status: 200 });

    // No GET ?refresh anywhere: the notification alone brought the change in.
    const after = await read(order.order_id);
    expect(after.segments[0].departing_at).toBe(shift(segment.departing_at, 95));
    expect(after.segments[0].arriving_at).toBe(shift(segment.arriving_at, 95));
    expect(after.segments[0].schedule_change).toEqual({
      previous: {
        segment_id: segment.segment_id,
        departing_at: segment.departing_at,
        arriving_at: segment.arriving_at,
        flight_number: segment.flight_number,
        status: 'confirmed',
      },
      detected_at: expect.any(String),
      kind: 'retimed',
      significant: false,
    });
    expect(after.status).toBe('hold');
    expect(await events(order.order_id)).toEqual(['order.created', 'order.updated']);
    const last = (await history(order.order_id)).at(-1)!;
    expect(last).toMatchObject({ action: 'airline_notification', actor: { kind: 'airline' } });

    // The same news again (AA retrying, or a replay inside the signature window): nothing new is written.
    const written = (await history(order.order_id)).length;
    const again = await f.postNotification(minimalNotification(order.airline_order_id));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: 'received' });
    expect(await events(order.order_id)).toEqual(['order.created', 'order.updated']);
    expect(await history(order.order_id)).toHaveLength(written);
    expect(await read(order.order_id)).toEqual(after);

    // The agency accepts the change: cleared, recorded, announced; a second call writes nothing.
    const acked = await f.call('POST', path(order.order_id, '/acknowledge-changes'));
    expect(acked.statusCode, acked.body).toBe(200);
    expect(acked.json().segments.map((s: { schedule_change: unknown }) => s.schedule_change)).toEqual([null]);
    expect(acked.json().segments[0].departing_at).toBe(shift(segment.departing_at, 95));
    expect(await events(order.order_id)).toEqual(['order.created', 'order.updated', 'order.updated']);
    const entries = await history(order.order_id);
    expect(entries.at(-1)).toMatchObject({ action: 'changes_acknowledged', actor: { kind: 'api_key' } });
    const twice = await f.call('POST', path(order.order_id, '/acknowledge-changes'), {});
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toEqual(acked.json());
    expect(await events(order.order_id)).toHaveLength(3);
    expect(await history(order.order_id)).toHaveLength(entries.length);
  });

  it('acknowledge-changes takes no fields: an unknown one is 400 naming it, before anything is accepted (hardening round 4)', async () => {
    const order = (await f.hold((await f.offer('JFK', 'LAX', /MAINFL/, 24)).offer_id)).json();
    const [flight] = (await f.airline(order.airline_order_id)).flights;
    await f.scheduleChange({ flight: flight!.key, change: 'retime', minutes: 95 });
    const pending = await read(order.order_id);
    expect(pending.segments[0].schedule_change).not.toBeNull();
    const written = (await history(order.order_id)).length;
    for (const [body, field] of [
      [{ segment_ids: ['x'] }, 'segment_ids'],
      [{ accept: false }, 'accept'],
      [{ nested: { deep: 1 } }, 'nested'],
    ] as const) {
      const res = await f.call('POST', path(order.order_id, '/acknowledge-changes'), body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toContain(`unknown field ${field}`);
    }
    for (const body of ['[]', '"accept"', '7']) {
      const res = await f.call('POST', path(order.order_id, '/acknowledge-changes'), body, {
        'content-type': 'application/json',
      });
      expect(res.statusCode, res.body).toBe(400);
    }
    // Nothing was accepted: the change is still pending, no history written.
    expect((await read(order.order_id)).segments[0].schedule_change).toEqual(pending.segments[0].schedule_change);
    expect(await history(order.order_id)).toHaveLength(written);
    // Accepting it with no body, or `{}`, still works.
    expect(
      (await f.call('POST', path(order.order_id, '/acknowledge-changes'), {})).json().segments[0].schedule_change,
    ).toBeNull();
  });

  it('a new flight number shows with the old one; a cancelled flight moves the hold to another flight (re-accommodation, order.updated)', async () => {
    const order = (await f.hold((await f.offer('JFK', 'LAX', /MAINFL/, 23)).offer_id)).json();
    const [flight] = (await f.airline(order.airline_order_id)).flights;
    const old = (await read(order.order_id)).segments[0];

    await f.scheduleChange({ flight: flight!.key, change: 'renumber', flightNumber: 9123 });
    const renumbered = (await read(order.order_id)).segments[0];
    expect(renumbered.flight_number).toBe('9123');
    expect(renumbered.segment_id).toMatch(/^AA9123-JFKLAX-/);
    expect(renumbered.schedule_change).toMatchObject({
      previous: { segment_id: old.segment_id, flight_number: old.flight_number },
      kind: 'renumbered',
      significant: false,
    });

    // The control still knows the flight by its original key (and by its new number). The order was
    // re-read for a notification less than a window (1 s here) ago: this one is deferred, not lost.
    const change = await f.scheduleChange({ flight: flight!.key.replace(/^AA\d+/, 'AA9123'), change: 'cancel' });
    expect((await read(order.order_id)).segments[0].flight_number).toBe('9123');
    await new Promise((r) => setTimeout(r, 1_100));
    await f.platform.scheduler.runNow(DEFERRED_REFRESH_JOB);
    const moved = await read(order.order_id);
    const alternative = (await f.airline(order.airline_order_id)).flights[0]!;
    expect(alternative.key).not.toBe(flight!.key);
    expect(change.orders[0]).toMatchObject({ changes: [{ kind: 'rebooked', flight: alternative.key, significant: true }] });
    expect(moved.status).toBe('hold');
    expect(moved.segments[0]).toMatchObject({
      status: 'confirmed',
      flight_number: alternative.key.replace(/^AA(\d+)\/.*$/, '$1'),
    });
    // Still the values the agency last accepted: the first, unacknowledged change is not forgotten.
    expect(moved.segments[0].schedule_change).toMatchObject({
      previous: { segment_id: old.segment_id, flight_number: old.flight_number, status: 'confirmed' },
      kind: 'rebooked',
      significant: true,
    });
    expect(await events(order.order_id)).toEqual(['order.created', 'order.updated', 'order.updated']);
    expect((await f.airline(order.airline_order_id)).status).toBe('OPENED');
  });

  it('a cancelled flight in a connection cancels that segment only: the order stays open (order.updated)', async () => {
    const res = await f.search({
      origin: 'FLG',
      destination: 'DFW',
      departure_date: new Date(Date.now() + 26 * 86_400_000).toISOString().slice(0, 10),
      adults: 1,
    });
    const offer = (
      res.json().offers as { offer_id: string; fare_brand_code: string | null; slices: { segments: unknown[] }[] }[]
    ).find((o) => /MAINFL/.test(o.fare_brand_code ?? '') && o.slices[0]!.segments.length === 2)!;
    const order = (await f.hold(offer.offer_id)).json();
    const flights = (await f.airline(order.airline_order_id)).flights;
    expect(flights).toHaveLength(2);
    // No seats on any other flight of the route within a day: no alternative to move to.
    const [date, route] = [flights[1]!.key.split('/')[1]!, await routeOf(flights[1]!.key)];
    for (const day of [date, new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)]) {
      const res = await fetch(`${f.aa.url}/control/flights?origin=${route.origin}&destination=${route.destination}&date=${day}`);
      for (const other of ((await res.json()) as { flights: { flight: string }[] }).flights)
        if (other.flight !== flights[1]!.key) await f.control('POST', '/control/inventory/close', { flightKey: other.flight });
    }
    await f.scheduleChange({ flight: flights[1]!.key, change: 'cancel' });
    const after = await read(order.order_id);
    expect(after.status).toBe('hold');
    expect(after.segments.map((s: { status: string }) => s.status)).toEqual(['confirmed', 'cancelled']);
    expect(after.segments[0].schedule_change).toBeNull();
    expect(after.segments[1].schedule_change).toMatchObject({
      previous: { status: 'confirmed' },
      kind: 'cancelled',
      significant: true,
    });
    expect(await events(order.order_id)).toEqual(['order.created', 'order.updated']);
  });

  it('refuses a notification without, or with a wrong, signature (401) and changes nothing', async () => {
    const order = (await f.hold((await f.offer('JFK', 'LAX', /MAINFL/, 25)).offer_id)).json();
    const [flight] = (await f.airline(order.airline_order_id)).flights;
    await f.scheduleChange({ flight: flight!.key, change: 'retime', minutes: -30, notify: false });
    const stored = await read(order.order_id);
    const xml = minimalNotification(order.airline_order_id);
    expect(await ndcSchemaErrors(xml, 'IATA_OrderChangeNotifRQ')).toEqual([]);

    for (const res of [
      await f.postNotification(xml, null),
      await f.postNotification(xml, 'not-the-shared-secret-at-all'),
      await f.postNotification(xml, null, { 'x-airline-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }),
      // Signed for another body: the signature covers the bytes sent.
      await f.postNotification(xml.replace('<OrderVersionNumber>2<', '<OrderVersionNumber>3<'), null, {
        'x-airline-signature': (await import('../../src/testsystem/ndc/notify/notification-sender.js')).signNotification(
          f.platform.config.sources.AA!.signing!.secret,
          xml,
          Date.now(),
        ),
      }),
    ]) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('invalid_signature');
    }
    // An old signature: replays outside five minutes are refused even with the right secret.
    const { signNotification } = await import('../../src/testsystem/ndc/notify/notification-sender.js');
    const stale = await f.postNotification(xml, null, {
      'x-airline-signature': signNotification(f.platform.config.sources.AA!.signing!.secret, xml, Date.now() - 10 * 60_000),
    });
    expect(stale.status).toBe(401);
    expect(await read(order.order_id)).toEqual(stored);
    expect(await events(order.order_id)).toEqual(['order.created']);

    // Signed right, the same message brings the change in.
    expect((await f.postNotification(xml)).status).toBe(200);
    expect((await read(order.order_id)).segments[0].departing_at).toBe(shift(stored.segments[0].departing_at, -30));
    expect(await events(order.order_id)).toEqual(['order.created', 'order.updated']);
  });

  it('answers 503 while the airline cannot be asked, so AA sends again; the next delivery applies the change once', async () => {
    const order = (await f.hold((await f.offer('JFK', 'LAX', /MAINFL/, 27)).offer_id)).json();
    const [flight] = (await f.airline(order.airline_order_id)).flights;
    await f.scheduleChange({ flight: flight!.key, change: 'retime', minutes: 20, notify: false });
    const stored = await read(order.order_id);
    await f.control('POST', '/control/faults', { kind: 'http5xx', messages: ['OrderRetrieve'] });
    try {
      const refused = await f.postNotification(minimalNotification(order.airline_order_id));
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(((await refused.json()) as { code: string }).code).toBe('airline_unavailable');
    } finally {
      await f.control('DELETE', '/control/faults');
    }
    expect(await read(order.order_id)).toEqual(stored);
    expect((await f.postNotification(minimalNotification(order.airline_order_id))).status).toBe(200);
    expect((await f.postNotification(minimalNotification(order.airline_order_id))).status).toBe(200);
    expect((await read(order.order_id)).segments[0].departing_at).toBe(shift(stored.segments[0].departing_at, 20));
    expect(await events(order.order_id)).toEqual(['order.created', 'order.updated']);
  });

  it('acknowledges a notification about an order it does not hold, as any other; a body that is no notification is 400', async () => {
    const unknown = await f.postNotification(minimalNotification('AA-NOT-OURS-123'));
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ status: 'received' });
    const junk = await f.postNotification('<IATA_OrderViewRS/>');
    expect(junk.status).toBe(400);
    expect(((await junk.json()) as { code: string }).code).toBe('invalid_notification');
    // A type the route does not read is refused before its signature is looked at, signed or not.
    const json = await fetch(f.notifyUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(415);
    expect(((await json.json()) as { code: string }).code).toBe('unsupported_media_type');
  });

  it('the sweep catches a change whose notification was dropped, for orders departing within 72 hours, and skips orders it just checked', async () => {
    const near = await f.paidOrder('JFK', 'LAX', 2);
    const far = await f.paidOrder('JFK', 'LAX', 30);
    const nearFlight = (await f.airline(near.airline_order_id)).flights[0]!;
    const farFlight = (await f.airline(far.airline_order_id)).flights[0]!;
    const nearBefore = await read(near.order_id);
    const farBefore = await read(far.order_id);

    const dropped = await f.scheduleChange({ flight: nearFlight.key, change: 'retime', minutes: 40, notify: false });
    expect(dropped.orders.find((o) => o.orderId === near.airline_order_id)?.notification).toBeNull();
    await f.scheduleChange({ flight: farFlight.key, change: 'retime', minutes: 40, notify: false });
    expect(await read(near.order_id)).toEqual(nearBefore);

    await f.platform.scheduler.runNow(AIRLINE_SWEEP_JOB);
    const caught = await read(near.order_id);
    expect(caught.segments[0].departing_at).toBe(shift(nearBefore.segments[0].departing_at, 40));
    expect(caught.segments[0].schedule_change.previous.departing_at).toBe(nearBefore.segments[0].departing_at);
    expect(await events(near.order_id)).toEqual(['order.created', 'order.updated']);
    expect((await history(near.order_id)).at(-1)).toMatchObject({ action: 'airline_sweep', actor: { kind: 'airline' } });
    // 30 days out: not the sweep's business (its notification would have been).
    expect(await read(far.order_id)).toEqual(farBefore);

    // Checked a moment ago: the next run leaves it alone, so a bounded batch reaches the others.
    await f.scheduleChange({ flight: nearFlight.key, change: 'retime', minutes: 10, notify: false });
    await f.platform.scheduler.runNow(AIRLINE_SWEEP_JOB);
    expect((await read(near.order_id)).segments[0].departing_at).toBe(caught.segments[0].departing_at);
  });
});
