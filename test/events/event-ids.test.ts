import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventIds } from '../../src/events/event-ids.js';
import { lifecyclePayload } from '../../src/orders/event-outbox.js';
import { enqueueEvent } from '../../src/orders/event-outbox-store.js';
import { findAgencyOrder } from '../../src/orders/order-store.js';
import { Keyring } from '../../src/platform/keyring/keyring.js';
import { webhookFixture, type WebhookFixture } from '../webhooks/webhook-fixture.js';
import { openStream } from './sse-client.js';

let f: WebhookFixture;
let base: string;
beforeAll(async () => {
  // A database of its own: the cases compare an agency's newest listed event with the one they just
  // announced. On the run's shared PostgreSQL database any gateway's order sweeps (on their timers,
  // or run by a test with its clock moved on) cover this file's holds too, and may announce one in
  // between: one PostgreSQL pass in four saw it.
  f = await webhookFixture({ isolated: true });
  base = await f.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => f?.close());

const OPAQUE_ID = /^evt_[A-Za-z0-9_-]{22}$/;

async function get(key: string, url: string) {
  return f.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
}

async function listAll(key: string, query = '') {
  const res = await get(key, `/v1/events${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { events: { id: string; type: string; order_id: string }[]; next_cursor: string };
}

async function announce(agencyId: string, orderId: string, event: 'order.updated' | 'order.cancelled') {
  const order = (await findAgencyOrder(f.platform.db, orderId, agencyId))!;
  const at = f.clock();
  await enqueueEvent(f.platform.db, order, { event, payload: lifecyclePayload(event, order, at), at });
}

async function agency() {
  const owner = await f.session({ mfa: false });
  return { agencyId: owner.agencyId, key: await f.apiKey(owner.agencyId) };
}

/** The outbox row ids of an agency's events, oldest first. */
async function rowIds(agencyId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select id::text as id from order_events where agency_id = ${agencyId} order by id`.execute(f.platform.db);
  return rows.map((r) => r.id);
}

/** Two agencies whose events interleave in the one outbox: A, B, A, B, A, B. */
async function interleaved() {
  const a = await agency();
  const b = await agency();
  const orderA = await f.hold(a.key);
  const orderB = await f.hold(b.key);
  await announce(a.agencyId, orderA.order_id, 'order.updated');
  await announce(b.agencyId, orderB.order_id, 'order.updated');
  await announce(a.agencyId, orderA.order_id, 'order.cancelled');
  await announce(b.agencyId, orderB.order_id, 'order.cancelled');
  return { a, b, orderA, orderB };
}

const cursorOf = (id: string) => Buffer.from(id).toString('base64url');

describe('event ids are opaque and per agency', () => {
  it("show no row number and no other agency's activity; another agency's id is unknown", async () => {
    const { a, b } = await interleaved();
    const aEvents = (await listAll(a.key)).events;
    const bEvents = (await listAll(b.key)).events;
    expect(aEvents).toHaveLength(3);
    expect(bEvents).toHaveLength(3);
    const aRows = await rowIds(a.agencyId);
    const bRows = await rowIds(b.agencyId);
    for (const { id } of [...aEvents, ...bEvents]) {
      expect(id).toMatch(OPAQUE_ID);
      expect(id).not.toMatch(/^evt_\d+$/);
      for (const row of [...aRows, ...bRows]) expect(id).not.toBe(`evt_${row}`);
    }
    // B's id is unknown to A the way a never-issued id is: 404 on read, refused as cursor and Last-Event-ID.
    for (const [key, foreign] of [
      [a.key, bEvents[1]!.id],
      [b.key, aEvents[1]!.id],
    ] as const) {
      const read = await get(key, `/v1/events/${foreign}`);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toMatchObject({ code: 'event_not_found', error: 'event not found' });
      const page = await get(key, `/v1/events?cursor=${cursorOf(foreign)}`);
      expect(page.statusCode).toBe(400);
      expect(page.json()).toMatchObject({ code: 'invalid_cursor' });
      const resumed = await openStream(`${base}/v1/events/stream`, { 'x-api-key': key, 'last-event-id': foreign });
      expect(resumed.status).toBe(400);
      expect(resumed.body).toMatchObject({ error: 'Last-Event-ID must be an event id (evt_...)' });
    }
    // One changed character is no event either.
    const own = aEvents[0]!.id;
    const tampered = `${own.slice(0, 10)}${own[10] === 'A' ? 'B' : 'A'}${own.slice(11)}`;
    expect((await get(a.key, `/v1/events/${tampered}`)).statusCode).toBe(404);
    // The id reads back: the agency's own event, as listed.
    const one = await get(a.key, `/v1/events/${own}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: own, type: 'order.cancelled' });
  });

  it("pages through the agency's events alone, one at a time, with the new ids as cursors", async () => {
    const { a } = await interleaved();
    const all = (await listAll(a.key)).events.map((e) => e.id);
    const paged: string[] = [];
    let cursor = '';
    for (let page = 0; page < 5; page += 1) {
      const body = await listAll(a.key, `?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...body.events.map((e) => e.id));
      cursor = body.next_cursor;
      if (!cursor) break;
      expect(Buffer.from(cursor, 'base64url').toString()).toMatch(OPAQUE_ID);
    }
    expect(paged).toEqual(all);
    expect(cursor).toBe('');
  });

  it('replays after a new Last-Event-ID exactly the later events of the agency', async () => {
    const { a, orderA } = await interleaved();
    const listed = (await listAll(a.key)).events;
    const first = listed[2]!;
    const replay = await openStream(`${base}/v1/events/stream`, { 'x-api-key': a.key, 'last-event-id': first.id });
    expect(replay.status).toBe(200);
    try {
      const one = await replay.next();
      const two = await replay.next();
      expect([one.id, two.id]).toEqual([listed[1]!.id, listed[0]!.id]);
      expect([one.event, two.event]).toEqual(['order.updated', 'order.cancelled']);
      await announce(a.agencyId, orderA.order_id, 'order.updated');
      const live = await replay.next();
      expect(live.id).toMatch(OPAQUE_ID);
      expect((await listAll(a.key)).events[0]!.id).toBe(live.id);
    } finally {
      replay.close();
    }
  });

  it("still reads the legacy evt_<digits> form for the agency's own events only, and answers with the new form", async () => {
    const { a, b } = await interleaved();
    const aRows = await rowIds(a.agencyId);
    const listed = (await listAll(a.key)).events;
    const legacy = `evt_${aRows[0]}`;
    const own = await get(a.key, `/v1/events/${legacy}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().id).toBe(listed[2]!.id);
    const page = await listAll(a.key, `?cursor=${cursorOf(legacy)}`);
    expect(page.events).toEqual([]);
    const middle = await listAll(a.key, `?cursor=${cursorOf(`evt_${aRows[1]}`)}`);
    expect(middle.events.map((e) => e.id)).toEqual([listed[2]!.id]);

    expect((await get(b.key, `/v1/events/${legacy}`)).statusCode).toBe(404);
    const foreignPage = await get(b.key, `/v1/events?cursor=${cursorOf(legacy)}`);
    expect(foreignPage.statusCode).toBe(400);
    const foreignResume = await openStream(`${base}/v1/events/stream?last_event_id=${legacy}`, { 'x-api-key': b.key });
    expect(foreignResume.status).toBe(400);
    expect(foreignResume.body).toMatchObject({ error: 'last_event_id must be an event id (evt_...)' });
    const ownResume = await openStream(`${base}/v1/events/stream`, { 'x-api-key': a.key, 'last-event-id': legacy });
    expect(ownResume.status).toBe(200);
    try {
      expect((await ownResume.next()).id).toBe(listed[1]!.id);
    } finally {
      ownResume.close();
    }
  });
});

describe('the event id key', () => {
  it('is the same for every instance of one keyring and outlives adding a newer offer-ids key', () => {
    const text = Keyring.generateText();
    const shown = createEventIds(Keyring.parse(text)).show('42', 'agency-1');
    expect(shown).toMatch(OPAQUE_ID);
    expect(createEventIds(Keyring.parse(text)).show('42', 'agency-1')).toBe(shown);
    const rotated = `${text}\n${Keyring.generateText(['offer-ids']).replace(/^offer-ids-/, 'offer-ids-next-')}`;
    const later = createEventIds(Keyring.parse(rotated));
    expect(later.read(shown, 'agency-1')).toEqual({ rowId: '42', legacy: false });
    expect(later.read(shown, 'agency-2')).toBeNull();
    expect(createEventIds(Keyring.parse(Keyring.generateText())).read(shown, 'agency-1')).toBeNull();
  });
});
