import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecyclePayload } from '../../src/orders/event-outbox.js';
import { enqueueEvent } from '../../src/orders/event-outbox-store.js';
import { findAgencyOrder } from '../../src/orders/order-store.js';
import { verifyWebhook } from '../../src/webhooks/verify.js';
import type { ReceivedWebhook } from './https-receiver.js';
import { LIFECYCLE_BODY_KEYS } from './webhook-body.js';
import { webhookFixture, type WebhookFixture } from './webhook-fixture.js';

let f: WebhookFixture;
// A database of its own: the delivery worker run here (f.deliver) claims every due delivery it finds,
// and on a shared database would attempt other files' deliveries, to receivers whose certificate it
// does not trust, and leave them failed and waiting for a retry those files never see.
beforeAll(async () => {
  f = await webhookFixture({ isolated: true });
});
afterAll(async () => f?.close());

// An independent, widely used implementation of the same t=,v1= scheme.
const stripe = new Stripe('sk_test_independent_verifier');

/** Verifies a received webhook with Stripe's verifier and ours, at the service's time; answers the body. */
function verified(hook: ReceivedWebhook, secret: string): Record<string, unknown> {
  const signature = hook.headers['x-service-signature'] as string;
  const now = Math.floor(f.clock().getTime() / 1000);
  const event = stripe.webhooks.constructEvent(hook.raw, signature, secret, 300, undefined, now) as unknown;
  expect(verifyWebhook(hook.raw, signature, secret, { now })).toEqual(event);
  return event as Record<string, unknown>;
}

async function endpoint(token: string, body: Record<string, unknown> = {}) {
  const res = await f.request(token, 'POST', '/v1/dev/webhooks', { url: f.receiver.url(), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string };
}

/** A fresh agency: an owner session with a second factor, an API key, and one endpoint. */
async function agency(body: Record<string, unknown> = {}) {
  const owner = await f.session();
  const key = await f.apiKey(owner.agencyId);
  const hook = await endpoint(owner.token, body);
  return { owner, key, hook };
}

const hooksTo = (endpointSecret: string) =>
  f.receiver.received.filter((h) => {
    try {
      verified(h, endpointSecret);
      return true;
    } catch {
      return false;
    }
  });

async function deliveries(token: string, endpointId: string) {
  const res = await f.request(token, 'GET', `/v1/dev/webhooks/${endpointId}/deliveries?limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deliveries as {
    id: string;
    event: string;
    orderId: string;
    status: string;
    attemptCount: number;
    nextAttemptAt: string | null;
    attempts: { at: string; durationMs: number; statusCode: number | null; error: string | null }[];
  }[];
}

/** The stored deliveries of an endpoint with their attempts, oldest first (while the clock runs ahead of sessions). */
async function stored(endpointId: string) {
  const { rows } = await sql<{ id: string; status: string; attempt_count: number; next_attempt_at: Date }>`
    select id, status, attempt_count, next_attempt_at from webhook_deliveries where endpoint_id = ${endpointId} order by created_at, id`.execute(
    f.platform.db,
  );
  const { rows: attempts } = await sql<{
    delivery_id: string;
    attempted_at: Date;
    duration_ms: number;
    status_code: number | null;
  }>`
    select a.delivery_id, a.attempted_at, a.duration_ms, a.status_code from webhook_attempts a
    join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = ${endpointId} order by a.id`.execute(f.platform.db);
  return rows.map((r) => ({ ...r, attempts: attempts.filter((a) => a.delivery_id === r.id) }));
}

describe('signed delivery to a real HTTPS receiver', () => {
  it('posts order.created with the contract headers, body and a signature Stripe verifies', async () => {
    f.receiver.answerWith(() => ({ status: 204 }));
    const { owner, key, hook } = await agency();
    const order = await f.hold(key);
    const before = f.receiver.received.length;
    expect((await f.deliver()).attempted).toBeGreaterThanOrEqual(1);

    const got = f.receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const h = got[0]!;
    expect(h.headers['content-type']).toBe('application/json');
    expect(h.headers['user-agent']).toBe('service-webhooks/1.0');
    expect(h.headers['x-service-event']).toBe('order.created');
    expect(h.headers['x-service-delivery']).toMatch(/^whd_/);
    expect(h.headers['x-service-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const body = verified(h, hook.secret);
    expect(Object.keys(body)).toEqual(LIFECYCLE_BODY_KEYS);
    expect(body).toMatchObject({
      event: 'order.created',
      order_id: order.order_id,
      pnr: order.pnr,
      status: 'hold',
      origin: 'JFK',
    });
    expect(typeof body.total).toBe('number');
    // A wrong secret fails both verifiers.
    expect(() => verified(h, `${hook.secret}x`)).toThrow();

    const log = await deliveries(owner.token, hook.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      id: h.headers['x-service-delivery'],
      event: 'order.created',
      orderId: order.order_id,
      status: 'delivered',
      attemptCount: 1,
      nextAttemptAt: null,
    });
    expect(log[0]!.attempts).toEqual([expect.objectContaining({ statusCode: 204, error: null })]);
    // Nothing is sent twice.
    await f.deliver();
    expect(f.receiver.received.length).toBe(before + 1);
  });

  it('sends an event to every subscribed endpoint of its environment only, each with its own delivery id', async () => {
    f.receiver.answerWith(() => ({ status: 200 }));
    const { owner, key, hook } = await agency();
    const cancelledOnly = await endpoint(owner.token, { events: ['order.cancelled'] });
    const live = await endpoint(owner.token, { environment: 'live' });
    const second = await endpoint(owner.token, { events: ['order.created'] });
    await f.hold(key);
    await f.deliver();
    expect(hooksTo(hook.secret)).toHaveLength(1);
    expect(hooksTo(second.secret)).toHaveLength(1);
    expect(hooksTo(cancelledOnly.secret)).toHaveLength(0);
    expect(hooksTo(live.secret)).toHaveLength(0);
    expect(hooksTo(hook.secret)[0]!.headers['x-service-delivery']).not.toBe(
      hooksTo(second.secret)[0]!.headers['x-service-delivery'],
    );
  });

  it('fires order.cancelled for a dashboard cancel and a support cancel exactly as for an API cancel', async () => {
    f.receiver.answerWith(() => ({ status: 200 }));
    const { owner, key, hook } = await agency({ events: ['order.cancelled'] });
    const byApi = await f.hold(key, 31);
    const byDashboard = await f.hold(key, 32);
    const bySupport = await f.hold(key, 33);
    const apiCancel = await f.app.inject({
      method: 'DELETE',
      url: `/v1/orders/${encodeURIComponent(byApi.order_id)}?airline=AA`,
      headers: { 'x-api-key': key },
    });
    expect(apiCancel.statusCode, apiCancel.body).toBe(204);
    const dash = await f.request(owner.token, 'POST', `/v1/dev/orders/${encodeURIComponent(byDashboard.order_id)}/cancel`);
    expect(dash.statusCode, dash.body).toBe(200);
    const support = await f.supportSession(owner.agencyId);
    const sup = await f.request(support.token, 'POST', `/v1/dev/orders/${encodeURIComponent(bySupport.order_id)}/cancel`);
    expect(sup.statusCode, sup.body).toBe(200);

    await f.deliver();
    const bodies = hooksTo(hook.secret).map((h) => verified(h, hook.secret));
    const byOrder = new Map(bodies.map((b) => [b.order_id, b]));
    for (const order of [byApi, byDashboard, bySupport]) {
      expect(byOrder.get(order.order_id)).toMatchObject({ event: 'order.cancelled', status: 'cancelled', pnr: order.pnr });
    }
    expect(bodies).toHaveLength(3);
    // Same shape whoever cancelled.
    expect(new Set(bodies.map((b) => Object.keys(b).join(',')))).toEqual(new Set([Object.keys(bodies[0]!).join(',')]));
  });
});

const REFUSED_HOST_TEXT = 'url must have a public host: a public address, or a name that resolves to public addresses only';

describe('what an attempt refuses and records', () => {
  it('records a host that stopped resolving with the same text as a private one (hardening round 4)', async () => {
    const owner = await f.session();
    const key = await f.apiKey(owner.agencyId);
    f.resolve('hooks.vanishing.example', '93.184.216.34');
    const hook = await endpoint(owner.token, { url: `https://hooks.vanishing.example:${f.receiver.port}/in` });
    f.resolve('hooks.vanishing.example');
    await f.hold(key, 35);
    await f.deliver();
    expect(hooksTo(hook.secret)).toHaveLength(0);
    const [d] = await deliveries(owner.token, hook.id);
    expect(d!.attempts[0]!.error).toBe(REFUSED_HOST_TEXT);
  });

  it('refuses at delivery a name that resolved publicly at registration and privately now (nothing reaches the receiver)', async () => {
    const owner = await f.session();
    const key = await f.apiKey(owner.agencyId);
    f.resolve('hooks.rebinding.example', '93.184.216.34');
    const hook = await endpoint(owner.token, { url: `https://hooks.rebinding.example:${f.receiver.port}/in` });
    f.resolve('hooks.rebinding.example', '127.0.0.1');
    await f.hold(key, 34);
    await f.deliver();
    expect(hooksTo(hook.secret)).toHaveLength(0);
    const [d] = await deliveries(owner.token, hook.id);
    expect(d).toMatchObject({ status: 'pending', attemptCount: 1 });
    expect(d!.attempts[0]!.statusCode).toBeNull();
    expect(d!.attempts[0]!.error).toBe(REFUSED_HOST_TEXT);
  });

  it('connects to the address it checked: a name only our resolver knows is reached, with no second lookup', async () => {
    f.receiver.answerWith(() => ({ status: 200 }));
    const owner = await f.session();
    const key = await f.apiKey(owner.agencyId);
    const hook = await endpoint(owner.token, { url: `https://receiver.pinned.test:${f.receiver.port}/in` });
    await f.hold(key, 38);
    f.lookups.length = 0;
    await f.deliver();
    // The system resolver does not know the name: had the connection looked it up again, it would have failed.
    expect(hooksTo(hook.secret)).toHaveLength(1);
    expect(hooksTo(hook.secret)[0]!.headers.host).toBe(`receiver.pinned.test:${f.receiver.port}`);
    // One lookup before the attempt (a kept-alive socket would skip the connect) and one in the connect.
    expect(f.lookups.filter((h) => h === 'receiver.pinned.test').length).toBeLessThanOrEqual(2);
  });

  it('checks the answer the connection uses: public at the first lookup and loopback at the connect is refused', async () => {
    const owner = await f.session();
    const key = await f.apiKey(owner.agencyId);
    f.resolve('hooks.flipping.example', '93.184.216.34');
    const hook = await endpoint(owner.token, { url: `https://hooks.flipping.example:${f.receiver.port}/in` });
    f.resolveInTurn('hooks.flipping.example', ['93.184.216.34'], ['127.0.0.1']);
    await f.hold(key, 39);
    await f.deliver();
    expect(hooksTo(hook.secret)).toHaveLength(0);
    const [d] = await deliveries(owner.token, hook.id);
    expect(d!.attempts[0]!.error).toBe(REFUSED_HOST_TEXT);
  });

  it('does not follow a redirect (a failed attempt), and stores at most 64 KiB of an answer', async () => {
    const { owner, key, hook } = await agency();
    f.receiver.answerWith((h) =>
      h.headers['x-service-event'] === 'order.created'
        ? { status: 302, headers: { location: f.receiver.url('/elsewhere') } }
        : { status: 200 },
    );
    await f.hold(key, 35);
    await f.deliver();
    expect(hooksTo(hook.secret)).toHaveLength(1);
    expect(f.receiver.received.some((h) => h.path === '/elsewhere')).toBe(false);
    const [d] = await deliveries(owner.token, hook.id);
    expect(d!.attempts[0]).toMatchObject({ statusCode: 302 });
    expect(d!.attempts[0]!.error).toContain('not followed');

    f.receiver.answerWith(() => ({ status: 500, body: 'e'.repeat(100 * 1024) }));
    f.advance(40_000);
    await f.deliver();
    const { rows } = await sql<{ len: number }>`
      select length(a.response_body)::int as len from webhook_attempts a
      where a.delivery_id = ${d!.id} order by a.id desc limit 1`.execute(f.platform.db);
    expect(rows[0]!.len).toBe(64 * 1024);
  });
});

describe('retries, death and switch-off on a controlled clock', () => {
  it('retries 30 s after the first failure, doubling (plus at most 10 % jitter), and gives up after 10 attempts', async () => {
    const { owner, key, hook } = await agency();
    let token = owner.token;
    f.receiver.answerWith(() => ({ status: 503 }));
    await f.hold(key, 36);
    await f.deliver();
    for (let attempt = 2; attempt <= 10; attempt++) {
      const [d] = await stored(hook.id);
      const last = d!.attempts.at(-1)!;
      const wait = d!.next_attempt_at.getTime() - last.attempted_at.getTime() - last.duration_ms;
      const base = 30_000 * 2 ** (attempt - 2);
      expect(wait).toBeGreaterThanOrEqual(base);
      expect(wait).toBeLessThanOrEqual(base * 1.1 + 1);
      // Not before it is due...
      f.advance(d!.next_attempt_at.getTime() - f.clock().getTime() - 2_000);
      await f.deliver();
      expect((await stored(hook.id))[0]!.attempt_count).toBe(attempt - 1);
      // ...and at once when it is.
      f.advance(3_000);
      await f.deliver();
      expect((await stored(hook.id))[0]!.attempt_count).toBe(attempt);
    }
    token = await f.signIn(owner);
    const [dead] = await deliveries(token, hook.id);
    expect(dead).toMatchObject({ status: 'dead', attemptCount: 10, nextAttemptAt: null });
    expect(dead!.attempts).toHaveLength(10);
    expect(dead!.attempts.every((a) => a.statusCode === 503)).toBe(true);
    const ids = new Set(hooksTo(hook.secret).map((h) => h.headers['x-service-delivery']));
    expect([...ids]).toEqual([dead!.id]);
    f.advance(24 * 60 * 60_000);
    const sent = hooksTo(hook.secret).length;
    await f.deliver();
    expect(hooksTo(hook.secret).length).toBe(sent);
    token = await f.signIn(owner);
    expect((await f.request(token, 'GET', `/v1/dev/webhooks/${hook.id}`)).json().failureStreak).toBe(1);

    // A manual retry re-sends the same delivery id now.
    f.receiver.answerWith(() => ({ status: 200 }));
    const retry = await f.request(token, 'POST', `/v1/dev/webhooks/${hook.id}/deliveries/${dead!.id}/retry`);
    expect(retry.statusCode, retry.body).toBe(202);
    await f.deliver();
    expect(hooksTo(hook.secret).at(-1)!.headers['x-service-delivery']).toBe(dead!.id);
    expect((await deliveries(token, hook.id))[0]!.status).toBe('delivered');
    expect((await f.request(token, 'GET', `/v1/dev/webhooks/${hook.id}`)).json().failureStreak).toBe(0);
  });

  it('switches an endpoint off after 50 dead deliveries in a row, e-mails the owner, writes a security event; enable re-arms it', async () => {
    const { owner, key, hook } = await agency({ events: ['order.updated'] });
    const { order_id } = await f.hold(key, 37);
    const order = (await findAgencyOrder(f.platform.db, order_id, owner.agencyId))!;
    // 50 events through the outbox's own writer, as 50 servicing changes would write them.
    for (let i = 0; i < 50; i++) {
      await enqueueEvent(f.platform.db, order, {
        event: 'order.updated',
        payload: lifecyclePayload('order.updated', order, f.clock()),
        at: f.clock(),
      });
    }
    f.receiver.answerWith(() => ({ status: 500 }));
    for (let round = 0; round < 40; round++) {
      while ((await f.deliver()).attempted > 0);
      f.advance(3 * 60 * 60_000);
    }
    const token = await f.signIn(owner);
    const off = (await f.request(token, 'GET', `/v1/dev/webhooks/${hook.id}`)).json();
    expect(off).toMatchObject({ status: 'disabled', failureStreak: 50 });
    expect(off.disabledAt).not.toBeNull();
    expect(off.disabledReason).toContain('50 consecutive deliveries failed');
    const all = await deliveries(token, hook.id);
    expect(all.filter((d) => d.status === 'dead')).toHaveLength(50);

    const { rows: events } = await sql<{ kind: string; detail: { endpointId: string } }>`
      select kind, detail from security_events where agency_id = ${owner.agencyId} and kind = 'webhook_endpoint.switched_off'`.execute(
      f.platform.db,
    );
    expect(events.map((e) => e.detail.endpointId)).toEqual([hook.id]);
    const outbox = path.join(f.platform.config.dataDir, 'outbox');
    const mails = fs.readdirSync(outbox).map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'));
    expect(mails.filter((m) => m.includes(`To: ${owner.email}`) && m.includes(hook.id))).toHaveLength(1);
    // It leads to the dashboard's page for it, not to an API path.
    const mail = mails.find((m) => m.includes(hook.id))!;
    expect(mail).toContain('/dashboard/webhooks');
    expect(mail).not.toContain('/v1/dev/');

    // While off, a new event waits: nothing is sent.
    f.receiver.answerWith(() => ({ status: 200 }));
    await enqueueEvent(f.platform.db, order, {
      event: 'order.updated',
      payload: lifecyclePayload('order.updated', order, f.clock()),
      at: f.clock(),
    });
    const sent = hooksTo(hook.secret).length;
    await f.deliver();
    expect(hooksTo(hook.secret).length).toBe(sent);

    // A support session cannot re-arm it; the owner can. The waiting delivery goes, the dead ones stay dead.
    const support = await f.supportSession(owner.agencyId);
    expect((await f.request(support.token, 'POST', `/v1/dev/webhooks/${hook.id}/enable`)).statusCode).toBe(403);
    const enabled = await f.request(token, 'POST', `/v1/dev/webhooks/${hook.id}/enable`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json()).toMatchObject({ status: 'enabled', failureStreak: 0, disabledAt: null, disabledReason: null });
    await f.deliver();
    await f.deliver();
    expect(hooksTo(hook.secret).length).toBe(sent + 1);
    const after = await deliveries(token, hook.id);
    expect(after.filter((d) => d.status === 'dead')).toHaveLength(50);
    expect(after.filter((d) => d.status === 'delivered')).toHaveLength(1);

    // The log pages newest first with a cursor: 51 deliveries in pages of 20, none twice.
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url = `/v1/dev/webhooks/${hook.id}/deliveries?limit=20${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await f.request(token, 'GET', url);
      expect(page.statusCode, page.body).toBe(200);
      seen.push(...(page.json().deliveries as { id: string }[]).map((d) => d.id));
      cursor = page.json().nextCursor as string | null;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toHaveLength(51);
    expect(new Set(seen).size).toBe(51);
    expect(seen[0]).toBe(after[0]!.id);
    const bad = await f.request(token, 'GET', `/v1/dev/webhooks/${hook.id}/deliveries?cursor=bm9wZQ`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('cursor');
  }, 120_000);
});

describe('metrics', () => {
  it('exposes attempts by outcome, attempt latency, queue depth and the oldest due age on /metrics', async () => {
    const res = await f.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/flightagg_webhook_attempts_total\{outcome="delivered"\} [1-9]/);
    expect(res.body).toContain('flightagg_webhook_attempt_duration_seconds_bucket');
    expect(res.body).toMatch(/flightagg_webhook_queue_depth \d+/);
    expect(res.body).toMatch(/flightagg_webhook_oldest_due_age_seconds \d/);
  });
});
