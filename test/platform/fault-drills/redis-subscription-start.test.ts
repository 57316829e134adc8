import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { sleep, waitUntil } from './children.js';

const skip = !inject('databaseUrl')
  ? 'two instances share one database on PostgreSQL only (this run is on embedded PGlite)'
  : !inject('redisUrl')
    ? 'no REDIS_URL for this run'
    : null;

/**
 * A TCP proxy in front of Redis that holds back every connection's bytes from its first SUBSCRIBE
 * on (the connection stays open, commands before it pass), until `release()` sends them on: a
 * subscription that does not answer at start, as a Redis busy or a network path stalled would.
 */
async function subscribeHoldingProxy(target: URL): Promise<{ url: string; release(): void; close(): Promise<void> }> {
  let holding = true;
  const waiting: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    const held: Buffer[] = [];
    let holdingThis = false;
    upstream.on('data', (chunk) => client.write(chunk));
    client.on('data', (chunk) => {
      if (holding && !holdingThis && /subscribe/i.test(chunk.toString('latin1'))) {
        holdingThis = true;
        waiting.push(() => {
          holdingThis = false;
          for (const part of held.splice(0)) upstream.write(part);
        });
      }
      if (holdingThis) held.push(chunk);
      else upstream.write(chunk);
    });
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      a.on('error', () => b.destroy());
      a.on('close', () => b.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    release() {
      holding = false;
      for (const send of waiting.splice(0)) send();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Instance b starts while its broadcast subscription gets no answer: readiness says `redis:
 * degraded`, and a key revoked on instance a still opens b (from its cache). Once the subscription
 * goes through (retried with back-off), readiness is `ok`, b drops what it may have missed, and a
 * revocation on a reaches b at once.
 */
describe.skipIf(skip !== null)(`broadcast subscription lost at start${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let proxy: Awaited<ReturnType<typeof subscribeHoldingProxy>>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    proxy = await subscribeHoldingProxy(new URL(inject('redisUrl')!));
    const prefix = `flightagg:test:${inject('runId')}:${crypto.randomBytes(4).toString('hex')}:`;
    a = await buildTestApp({ env: { REDIS_PREFIX: prefix } });
    b = await buildTestApp({ env: { REDIS_URL: proxy.url, REDIS_PREFIX: prefix } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await proxy?.close();
  });

  const probe = async (t: TestApp, secret: string) =>
    (await t.app.inject({ url: '/v1/orders', headers: { 'x-api-key': secret } })).statusCode;
  const readiness = async (t: TestApp) => (await t.app.inject({ url: '/v1/health/ready' })).json();

  it('retries until subscribed, reporting redis degraded meanwhile; then a revocation reaches the instance', async () => {
    // Past the subscriber's command time-out (2 s): the first SUBSCRIBE has failed and is being retried.
    await sleep(2_500);
    expect(await readiness(b)).toMatchObject({ status: 'ready', checks: { redis: 'degraded' } });
    expect((await readiness(a)).checks.redis).toBe('ok');

    const first = await a.agencyWithKey();
    expect(await probe(b, first.secret)).toBe(200);
    await a.gateway.apiKeys.revoke(first.keyId, first.agencyId);
    expect(await probe(a, first.secret)).toBe(401);
    // b hears nothing yet: its cache still admits the key.
    expect(await probe(b, first.secret)).toBe(200);

    proxy.release();
    await waitUntil('b subscribed', 15_000, async () => (await readiness(b)).checks.redis === 'ok');
    // Subscribed late, b drops what it may have missed.
    await waitUntil('b refuses the key revoked before', 5_000, async () => (await probe(b, first.secret)) === 401);

    const second = await a.agencyWithKey();
    expect(await probe(b, second.secret)).toBe(200);
    await a.gateway.apiKeys.revoke(second.keyId, second.agencyId);
    await waitUntil('the revocation reaches b over the bus', 2_000, async () => (await probe(b, second.secret)) === 401, 50);
  }, 60_000);
});
