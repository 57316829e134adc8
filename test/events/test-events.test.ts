import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../src/webhooks/events.js';
import { verifyWebhook } from '../../src/webhooks/verify.js';
import { webhookFixture, type WebhookFixture } from '../webhooks/webhook-fixture.js';

let f: WebhookFixture;
// A database of its own: the delivery worker run here claims every due delivery it finds.
beforeAll(async () => {
  f = await webhookFixture({ isolated: true });
});
afterAll(async () => f?.close());

const post = (key: string, url: string, payload: unknown) =>
  f.app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload: payload as object });

describe('POST /v1/events/test (flightagg trigger)', () => {
  it('sends a test event of every type to the subscribed endpoints and the event list, signed and marked as a test', async () => {
    const owner = await f.session();
    const endpoint = await f.request(owner.token, 'POST', '/v1/dev/webhooks', { url: f.receiver.url('/triggered') });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const { secret } = endpoint.json() as { secret: string };
    const key = await f.apiKey(owner.agencyId);

    const sent: { id: string; type: string; order_id: string; data: Record<string, unknown> }[] = [];
    for (const type of WEBHOOK_EVENTS) {
      const res = await post(key, '/v1/events/test', { type });
      expect(res.statusCode, res.body).toBe(201);
      sent.push(res.json());
    }
    for (const [i, event] of sent.entries()) {
      expect(event).toMatchObject({ type: WEBHOOK_EVENTS[i], order_id: 'AA-ord_test_00000000000000000000', deliveries: [] });
      expect(event.id).toMatch(/^evt_/);
      expect(event.data).toMatchObject({ order_id: 'AA-ord_test_00000000000000000000', pnr: 'TEST00', test: true });
    }

    const listed = await f.app.inject({ method: 'GET', url: '/v1/events?limit=100', headers: { 'x-api-key': key } });
    expect((listed.json().events as { id: string }[]).map((e) => e.id)).toEqual(sent.map((e) => e.id).reverse());

    await f.deliver();
    const hooks = f.receiver.received.filter((h) => h.path === '/triggered');
    // Deliveries go out side by side: each type once, in whatever order they arrived.
    expect(hooks.map((h) => h.headers['x-service-event']).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const hook of hooks) {
      const event = sent.find((e) => e.type === hook.headers['x-service-event'])!;
      expect(hook.headers['x-service-test']).toBe('true');
      expect(hook.raw).toBe(JSON.stringify(event.data));
      const now = Math.floor(f.clock().getTime() / 1000);
      expect(verifyWebhook(hook.raw, hook.headers['x-service-signature'] as string, secret, { now })).toMatchObject({
        test: true,
      });
    }
    const after = await f.app.inject({ method: 'GET', url: `/v1/events/${sent[0]!.id}`, headers: { 'x-api-key': key } });
    expect(after.json().deliveries).toEqual([expect.objectContaining({ status: 'delivered', attempts: 1 })]);
  });

  it('refuses an unknown type naming the known ones, and a live key', async () => {
    const owner = await f.session({ mfa: false });
    const key = await f.apiKey(owner.agencyId);
    const unknown = await post(key, '/v1/events/test', { type: 'order.shipped' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'invalid_request',
      field: 'type',
      error: `type: unknown event name "order.shipped" (known: ${WEBHOOK_EVENTS.join(', ')})`,
    });
    const live = await f.apiKey(owner.agencyId, 'live');
    const refused = await post(live, '/v1/events/test', { type: 'order.created' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('test_key_required');
    const listed = await f.app.inject({ method: 'GET', url: '/v1/events', headers: { 'x-api-key': key } });
    expect(listed.json().events).toEqual([]);
  });
});

describe('POST /v1/events/listen-secret (flightagg listen)', () => {
  it('answers the same secret for the same key and receiver until rotated, and another for another key or URL', async () => {
    const owner = await f.session({ mfa: false });
    const key = await f.apiKey(owner.agencyId);
    const other = await f.apiKey(owner.agencyId);
    const first = await post(key, '/v1/events/listen-secret', { forward_to: 'http://localhost:3000/hooks' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ forward_to: 'http://localhost:3000/hooks', secret: expect.stringMatching(/^whsec_/) });
    const { secret } = first.json() as { secret: string };

    const again = await post(key, '/v1/events/listen-secret', { forward_to: 'HTTP://LOCALHOST:3000/hooks' });
    expect(again.json().secret).toBe(secret);
    const otherUrl = await post(key, '/v1/events/listen-secret', { forward_to: 'http://localhost:3001/hooks' });
    expect(otherUrl.json().secret).not.toBe(secret);
    const otherKey = await post(other, '/v1/events/listen-secret', { forward_to: 'http://localhost:3000/hooks' });
    expect(otherKey.json().secret).not.toBe(secret);

    const rotated = await post(key, '/v1/events/listen-secret/rotate', { forward_to: 'http://localhost:3000/hooks' });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(secret);
    const afterRotation = await post(key, '/v1/events/listen-secret', { forward_to: 'http://localhost:3000/hooks' });
    expect(afterRotation.json().secret).toBe(rotated.json().secret);
  });

  it('refuses a receiver that is not an http(s) URL, naming forward_to', async () => {
    const owner = await f.session({ mfa: false });
    const key = await f.apiKey(owner.agencyId);
    for (const forwardTo of ['localhost:3000', 'ftp://localhost/hooks', 'http://user:pw@localhost/hooks']) {
      const res = await post(key, '/v1/events/listen-secret', { forward_to: forwardTo });
      expect(res.statusCode, forwardTo).toBe(400);
      expect(res.json().field).toBe('forward_to');
    }
  });
});
