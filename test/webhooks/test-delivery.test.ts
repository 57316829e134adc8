import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../src/webhooks/events.js';
import { verifyWebhook } from '../../src/webhooks/verify.js';
import type { ReceivedWebhook } from './https-receiver.js';
import { expectedBodyKeys, LIFECYCLE_BODY_KEYS } from './webhook-body.js';
import { webhookFixture, type WebhookFixture } from './webhook-fixture.js';

let f: WebhookFixture;
// A database of its own: the delivery worker run here (f.deliver) claims every due delivery it finds,
// and on a shared database would attempt other files' deliveries, to receivers whose certificate it
// does not trust, and leave them failed and waiting for a retry those files never see.
beforeAll(async () => {
  f = await webhookFixture({ isolated: true });
});
afterAll(async () => f?.close());

const stripe = new Stripe('sk_test_independent_verifier');

interface LoggedDelivery {
  id: string;
  event: string;
  test: boolean;
  status: string;
  attemptCount: number;
  nextAttemptAt: string | null;
  requestBody: string | null;
  attempts: {
    statusCode: number | null;
    error: string | null;
    durationMs: number;
    responseBody: string | null;
    responseTruncated: boolean;
  }[];
}

async function agency() {
  const owner = await f.session();
  const res = await f.request(owner.token, 'POST', '/v1/dev/webhooks', { url: f.receiver.url('/test-hooks') });
  expect(res.statusCode, res.body).toBe(201);
  return { owner, hook: res.json() as { id: string; secret: string } };
}

async function log(token: string, endpointId: string): Promise<LoggedDelivery[]> {
  const res = await f.request(token, 'GET', `/v1/dev/webhooks/${endpointId}/deliveries?limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deliveries as LoggedDelivery[];
}

function verified(hook: ReceivedWebhook, secret: string): Record<string, unknown> {
  const signature = hook.headers['x-service-signature'] as string;
  const now = Math.floor(f.clock().getTime() / 1000);
  const ours = verifyWebhook(hook.raw, signature, secret, { now });
  expect(stripe.webhooks.constructEvent(hook.raw, signature, secret, 300, undefined, now)).toEqual(ours);
  return ours as unknown as Record<string, unknown>;
}

const receivedWith = (deliveryId: string) => f.receiver.received.filter((h) => h.headers['x-service-delivery'] === deliveryId);

describe('POST /v1/dev/webhooks/{id}/test', () => {
  it('sends a signed sample marked as a test, in the header and the body, shaped as the real event', async () => {
    f.receiver.answerWith(() => ({ status: 200, body: 'thanks' }));
    const { owner, hook } = await agency();
    // A real order.created to the same endpoint, to compare the shapes with.
    const key = await f.apiKey(owner.agencyId);
    await f.hold(key);
    await f.deliver();
    const [real] = await log(owner.token, hook.id);
    expect(real).toMatchObject({ event: 'order.created', test: false, status: 'delivered' });
    const realBody = JSON.parse(real!.requestBody!) as Record<string, unknown>;

    const res = await f.request(owner.token, 'POST', `/v1/dev/webhooks/${hook.id}/test`, { event: 'order.created' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      event: 'order.created',
      test: true,
      delivered: true,
      statusCode: 200,
      error: null,
      responseBody: 'thanks',
      responseTruncated: false,
    });
    expect(answer.id).toMatch(/^whd_[0-9a-f]{32}$/);
    expect(answer.durationMs).toBeGreaterThanOrEqual(0);

    // Sent at once: the receiver has it before the answer, without a worker run.
    const [got] = receivedWith(answer.id);
    expect(got).toBeDefined();
    expect(got!.headers['x-service-test']).toBe('true');
    expect(got!.headers['x-service-event']).toBe('order.created');
    expect(got!.headers['user-agent']).toBe('service-webhooks/1.0');
    expect(got!.raw).toBe(answer.requestBody);
    const body = verified(got!, hook.secret);
    expect(Object.keys(body)).toEqual([...Object.keys(realBody), 'test']);
    expect(Object.keys(realBody)).toEqual(LIFECYCLE_BODY_KEYS);
    for (const k of LIFECYCLE_BODY_KEYS) expect(typeof body[k], k).toBe(typeof realBody[k]);
    expect(body).toMatchObject({ event: 'order.created', status: 'hold', test: true });
    // Real events never carry the flag nor the header.
    expect('test' in realBody).toBe(false);
    expect(
      f.receiver.received.filter((h) => h.headers['x-service-delivery'] === real!.id)[0]!.headers['x-service-test'],
    ).toBeUndefined();

    const [listed] = await log(owner.token, hook.id);
    expect(listed).toMatchObject({ id: answer.id, test: true, event: 'order.created', status: 'delivered', attemptCount: 1 });
    expect(listed!.requestBody).toBe(got!.raw);
    expect(listed!.attempts).toEqual([expect.objectContaining({ statusCode: 200, error: null, responseBody: 'thanks' })]);
  });

  it.each(WEBHOOK_EVENTS.map((e) => [e]))('sends %s with the fields of that event', async (event) => {
    f.receiver.answerWith(() => ({ status: 204 }));
    const { owner, hook } = await agency();
    const res = await f.request(owner.token, 'POST', `/v1/dev/webhooks/${hook.id}/test`, { event });
    expect(res.statusCode, res.body).toBe(200);
    const [got] = receivedWith(res.json().id);
    expect(got!.headers['x-service-event']).toBe(event);
    const body = verified(got!, hook.secret);
    const keys = expectedBodyKeys(event);
    expect(Object.keys(body)).toEqual([...keys, 'test']);
    if (event !== 'order.ticketing_deadline_approaching') expect(body.event).toBe(event);
  });

  it('a failed test is logged once, never retried, and leaves the failure streak alone', async () => {
    f.receiver.answerWith((h) => (h.headers['x-service-test'] ? { status: 500, body: 'x'.repeat(3000) } : { status: 200 }));
    const { owner, hook } = await agency();
    const res = await f.request(owner.token, 'POST', `/v1/dev/webhooks/${hook.id}/test`, { event: 'order.refunded' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ delivered: false, statusCode: 500, error: 'answered 500', responseTruncated: true });
    expect(answer.responseBody).toBe('x'.repeat(2048));

    // Workers run, time passes: nothing is sent again.
    f.advance(7 * 3_600_000);
    const token = await f.signIn(owner);
    await f.deliver();
    await f.deliver();
    expect(receivedWith(answer.id)).toHaveLength(1);
    const [listed] = await log(token, hook.id);
    expect(listed).toMatchObject({ id: answer.id, test: true, status: 'dead', attemptCount: 1, nextAttemptAt: null });
    expect(listed!.attempts).toHaveLength(1);
    expect(listed!.attempts[0]).toMatchObject({ statusCode: 500, responseTruncated: true });
    expect(listed!.attempts[0]!.responseBody).toHaveLength(2048);
    const endpoint = await f.request(token, 'GET', `/v1/dev/webhooks/${hook.id}`);
    expect(endpoint.json()).toMatchObject({ failureStreak: 0, status: 'enabled' });
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from webhook_attempts where delivery_id = ${answer.id}`.execute(f.platform.db);
    expect(rows[0]!.n).toBe(1);

    // A manual retry of a test is refused, naming the field.
    const retry = await f.request(token, 'POST', `/v1/dev/webhooks/${hook.id}/deliveries/${answer.id}/retry`);
    expect(retry.statusCode, retry.body).toBe(400);
    expect(retry.json()).toMatchObject({ code: 'invalid_request', field: 'deliveryId' });
    await f.deliver();
    expect(receivedWith(answer.id)).toHaveLength(1);
  });

  it('answers 400 naming `event` for an unknown or missing event', async () => {
    const { owner, hook } = await agency();
    const before = f.receiver.received.length;
    const unknown = await f.request(owner.token, 'POST', `/v1/dev/webhooks/${hook.id}/test`, { event: 'order.exploded' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'invalid_request', field: 'event' });
    expect(unknown.body).toContain('order.exploded');
    const missing = await f.request(owner.token, 'POST', `/v1/dev/webhooks/${hook.id}/test`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('event');
    expect(f.receiver.received.length).toBe(before);
    expect(await log(owner.token, hook.id)).toEqual([]);
  });

  it("answers 404 for another agency's endpoint and 403 on a support session", async () => {
    const { owner, hook } = await agency();
    const other = await f.session();
    const res = await f.request(other.token, 'POST', `/v1/dev/webhooks/${hook.id}/test`, { event: 'order.created' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'webhook_not_found' });
    const support = await f.supportSession(owner.agencyId);
    const bySupport = await f.request(support.token, 'POST', `/v1/dev/webhooks/${hook.id}/test`, { event: 'order.created' });
    expect(bySupport.statusCode).toBe(403);
    expect(bySupport.json()).toMatchObject({ code: 'support_session_forbidden' });
    const noMfa = await f.session({ agencyId: owner.agencyId, role: 'admin', mfa: false });
    const unverified = await f.request(noMfa.token, 'POST', `/v1/dev/webhooks/${hook.id}/test`, { event: 'order.created' });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toMatchObject({ code: 'mfa_required' });
    expect(await log(owner.token, hook.id)).toEqual([]);
  });

  it('admits 10 tests a minute per endpoint, then 429 rate_limited with Retry-After', async () => {
    f.receiver.answerWith(() => ({ status: 204 }));
    const { owner, hook } = await agency();
    for (let i = 0; i < 10; i++) {
      const ok = await f.request(owner.token, 'POST', `/v1/dev/webhooks/${hook.id}/test`, { event: 'order.updated' });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const refused = await f.request(owner.token, 'POST', `/v1/dev/webhooks/${hook.id}/test`, { event: 'order.updated' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await log(owner.token, hook.id)).toHaveLength(10);
    // Another endpoint of the same agency has its own allowance.
    const second = await f.request(owner.token, 'POST', '/v1/dev/webhooks', { url: f.receiver.url('/second') });
    const other = await f.request(owner.token, 'POST', `/v1/dev/webhooks/${second.json().id}/test`, { event: 'order.updated' });
    expect(other.statusCode, other.body).toBe(200);
  });
});

describe('the delivery log with payloads', () => {
  it('lists the body each real delivery sent and the first 2,048 characters of each answer', async () => {
    let n = 0;
    f.receiver.answerWith(() =>
      ++n === 1 ? { status: 503, body: `<b>down</b>${'y'.repeat(5000)}` } : { status: 200, body: '{"ok":true}' },
    );
    const { owner, hook } = await agency();
    const key = await f.apiKey(owner.agencyId);
    await f.hold(key);
    const before = f.receiver.received.length;
    await f.deliver();
    // The first retry is due 30 s later plus up to 10 % jitter.
    f.advance(34_000);
    await f.deliver();
    const sent = f.receiver.received.slice(before).filter((h) => h.path === '/test-hooks');
    expect(sent).toHaveLength(2);
    const token = await f.signIn(owner);
    const [delivery] = await log(token, hook.id);
    expect(delivery).toMatchObject({ test: false, status: 'delivered', attemptCount: 2 });
    expect(delivery!.requestBody).toBe(sent[0]!.raw);
    expect(sent[1]!.raw).toBe(sent[0]!.raw);
    expect(delivery!.attempts.map((a) => [a.statusCode, a.responseTruncated])).toEqual([
      [503, true],
      [200, false],
    ]);
    expect(delivery!.attempts[0]!.responseBody).toBe(`<b>down</b>${'y'.repeat(2048 - 11)}`);
    expect(delivery!.attempts[1]!.responseBody).toBe('{"ok":true}');
  });
});
