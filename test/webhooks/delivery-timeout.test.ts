import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookFixture, type WebhookFixture } from './webhook-fixture.js';

// The contract's 15 s, shortened through the plugin's option so the test waits 1 s per attempt.
const TIME_OUT_MS = 1_000;

let f: WebhookFixture;
// A TCP server that accepts every connection and never sends a byte: not even the TLS handshake.
const silentSockets: net.Socket[] = [];
const silent = net.createServer((socket) => void silentSockets.push(socket));
beforeAll(async () => {
  // A database of its own on PostgreSQL: another file's worker must not take this file's deliveries (nor this one theirs).
  f = await webhookFixture({ isolated: true, attemptTimeoutMs: TIME_OUT_MS });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const socket of silentSockets) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
  await f?.close();
});

interface Delivery {
  id: string;
  status: string;
  attemptCount: number;
  nextAttemptAt: string | null;
  attempts: { at: string; durationMs: number; statusCode: number | null; error: string | null }[];
}

async function deliveriesOf(token: string, endpointId: string): Promise<Delivery[]> {
  const res = await f.request(token, 'GET', `/v1/dev/webhooks/${endpointId}/deliveries?limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deliveries as Delivery[];
}

/** An agency with an endpoint at `url` and one hold (order.created) waiting to be delivered to it. */
async function agencyWithEvent(url: string) {
  const owner = await f.session();
  const key = await f.apiKey(owner.agencyId);
  const created = await f.request(owner.token, 'POST', '/v1/dev/webhooks', { url });
  expect(created.statusCode, created.body).toBe(201);
  await f.hold(key);
  return { owner, endpointId: created.json().id as string };
}

/** The one timed-out attempt: a failed attempt with the reason, and the delivery due again on the schedule. */
function expectTimedOut(delivery: Delivery, reason: RegExp) {
  expect(delivery).toMatchObject({ status: 'pending', attemptCount: 1 });
  expect(delivery.attempts).toHaveLength(1);
  const attempt = delivery.attempts[0]!;
  expect(attempt.statusCode).toBeNull();
  expect(attempt.error).toMatch(reason);
  expect(attempt.durationMs).toBeGreaterThanOrEqual(TIME_OUT_MS - 50);
  expect(attempt.durationMs).toBeLessThan(TIME_OUT_MS + 2_000);
  // First retry 30 s after the attempt ended, plus at most 10 % jitter.
  const due = Date.parse(delivery.nextAttemptAt!) - (Date.parse(attempt.at) + attempt.durationMs);
  expect(due).toBeGreaterThanOrEqual(30_000);
  expect(due).toBeLessThanOrEqual(33_000);
}

describe('a receiver that never answers', () => {
  it('reads the request and never answers: the attempt ends at the time-out as a failure, and the retry is delivered', async () => {
    f.receiver.answerWith(() => 'hang');
    const { owner, endpointId } = await agencyWithEvent(f.receiver.url());
    const before = f.receiver.received.length;
    const started = performance.now();
    expect((await f.deliver()).attempted).toBe(1);
    // The run is not held beyond the attempt's time-out.
    expect(performance.now() - started).toBeLessThan(TIME_OUT_MS + 3_000);
    expect(f.receiver.received.length).toBe(before + 1);
    const [delivery] = await deliveriesOf(owner.token, endpointId);
    expectTimedOut(delivery!, new RegExp(`^no answer within ${TIME_OUT_MS} ms`));

    // Not due before its time; once it is, the receiver answering again gets the same delivery.
    expect((await f.deliver()).attempted).toBe(0);
    f.receiver.answerWith(() => ({ status: 200 }));
    f.advance(34_000);
    expect((await f.deliver()).attempted).toBe(1);
    const retried = f.receiver.received.slice(before + 1);
    expect(retried).toHaveLength(1);
    expect(retried[0]!.headers['x-service-delivery']).toBe(delivery!.id);
    const [after] = await deliveriesOf(await f.signIn(owner), endpointId);
    expect(after).toMatchObject({ id: delivery!.id, status: 'delivered', attemptCount: 2 });
    expect(after!.attempts.map((a) => a.statusCode)).toEqual([null, 200]);
  });

  it('accepts the connection and never sends a byte (no TLS handshake): the attempt ends at the time-out as a failure', async () => {
    const port = (silent.address() as AddressInfo).port;
    const { owner, endpointId } = await agencyWithEvent(`https://localhost:${port}/hooks`);
    const started = performance.now();
    expect((await f.deliver()).attempted).toBe(1);
    expect(performance.now() - started).toBeLessThan(TIME_OUT_MS + 3_000);
    expect(silentSockets.length).toBeGreaterThanOrEqual(1);
    const [delivery] = await deliveriesOf(owner.token, endpointId);
    // The TLS connect's own time-out (never longer than the attempt's) names the stage it stopped at.
    expectTimedOut(delivery!, new RegExp(`^Connect Timeout Error .*timeout: ${TIME_OUT_MS}ms.*UND_ERR_CONNECT_TIMEOUT`));
  });
});
