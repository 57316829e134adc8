import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { lifecyclePayload } from '../../src/orders/event-outbox.js';
import { enqueueEvent } from '../../src/orders/event-outbox-store.js';
import { findAgencyOrder } from '../../src/orders/order-store.js';
import { startGateway, waitUntil, type Gateway } from '../platform/fault-drills/children.js';
import { webhookFixture, type WebhookFixture } from './webhook-fixture.js';

/**
 * Delivery drills on PostgreSQL with real gateway processes (`node bin/flightagg.js serve`), which
 * trust the test receiver's certificate the production way, through NODE_EXTRA_CA_CERTS:
 * - SIGKILL the delivering process mid-attempt; after a restart every event is delivered, none
 *   lost, and any duplicate carries the same delivery id (and the same body);
 * - two instances on one database: every delivery is attempted exactly once.
 * The in-process fixture only registers endpoints and writes events; its worker never runs.
 */

const databaseServer = inject('databaseUrl');
const stripe = new Stripe('sk_test_independent_verifier');

// PGlite is skipped: one process owns its data directory, so there is no second instance to kill
// or to race; the drills are about a server database.
describe.skipIf(!databaseServer)('webhook delivery drills on PostgreSQL', () => {
  let f: WebhookFixture;
  let caFile: string;
  const gateways: Gateway[] = [];

  beforeAll(async () => {
    f = await webhookFixture({ isolated: true });
    caFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'webhook-ca-')), 'ca.pem');
    fs.writeFileSync(caFile, f.receiver.ca);
  }, 120_000);
  afterAll(async () => {
    for (const g of gateways) await g.stop();
    await f?.close();
    if (caFile) fs.rmSync(path.dirname(caFile), { recursive: true, force: true });
  });

  const gateway = async () => {
    const g = await startGateway({
      DATABASE_URL: f.platform.config.databaseUrl!,
      KEYRING: inject('keyring'),
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: 'localhost',
      NODE_EXTRA_CA_CERTS: caFile,
      // The shortest lease allowed: what the killed process held comes back 20 s on, not 60.
      WEBHOOK_DELIVERY_LEASE_MS: '20000',
      LOG_LEVEL: 'warn',
    });
    gateways.push(g);
    return g;
  };

  /** An agency with an endpoint and `count` order events in the outbox (one real hold, then updates). */
  async function agencyWithEvents(count: number) {
    const owner = await f.session();
    const key = await f.apiKey(owner.agencyId);
    const made = await f.request(owner.token, 'POST', '/v1/dev/webhooks', { url: f.receiver.url(`/drill-${owner.agencyId}`) });
    expect(made.statusCode, made.body).toBe(201);
    const hook = made.json() as { id: string; secret: string };
    const { order_id } = await f.hold(key, 40 + (count % 7));
    const order = (await findAgencyOrder(f.platform.db, order_id, owner.agencyId))!;
    for (let i = 1; i < count; i++) {
      const at = new Date(Date.now() + i);
      await enqueueEvent(f.platform.db, order, {
        event: 'order.updated',
        payload: lifecyclePayload('order.updated', order, at),
        at,
      });
    }
    return { hook, path: `/drill-${owner.agencyId}` };
  }

  async function storedDeliveries(endpointId: string) {
    const { rows } = await sql<{ id: string; status: string; attempts: number }>`
      select d.id, d.status, (select count(*)::int from webhook_attempts a where a.delivery_id = d.id) as attempts
      from webhook_deliveries d where d.endpoint_id = ${endpointId}`.execute(f.platform.db);
    return rows;
  }

  const receivedAt = (p: string) => f.receiver.received.filter((h) => h.path === p);

  it('SIGKILL mid-attempt: after a restart every event is delivered, duplicates carry the same delivery id', async () => {
    const EVENTS = 120;
    const { hook, path: hookPath } = await agencyWithEvents(EVENTS);
    // Slow answers, so the kill lands while attempts are in flight.
    f.receiver.answerWith(() => ({ status: 200, delayMs: 300 }));
    const first = await gateway();
    await waitUntil('the first instance sending', 60_000, async () => receivedAt(hookPath).length >= 15, 20);
    first.child.kill('SIGKILL');
    await first.exited;
    const beforeRestart = receivedAt(hookPath).length;
    const unanswered = (await storedDeliveries(hook.id)).filter((d) => d.status === 'pending').length;
    expect(unanswered).toBeGreaterThan(0);
    // The killed process held its claims for WEBHOOK_DELIVERY_LEASE_MS (20 s), not the default 60 s.
    const { rows: leases } = await sql<{ held: number; longest_s: number | null }>`
      select count(*)::int as held, extract(epoch from max(lease_until) - now())::float8 as longest_s
      from webhook_deliveries where endpoint_id = ${hook.id} and status = 'pending' and lease_until > now()`.execute(
      f.platform.db,
    );
    expect(leases[0]!.held).toBeGreaterThan(0);
    expect(leases[0]!.longest_s).toBeLessThanOrEqual(20);

    f.receiver.answerWith(() => ({ status: 200 }));
    await gateway();
    // Deliveries the killed process held come back when their lease passes.
    await waitUntil(
      'every delivery delivered after the restart',
      150_000,
      async () => (await storedDeliveries(hook.id)).every((d) => d.status === 'delivered'),
      500,
    );

    const stored = await storedDeliveries(hook.id);
    expect(stored).toHaveLength(EVENTS);
    const hooks = receivedAt(hookPath);
    const byId = new Map<string, string[]>();
    for (const h of hooks) {
      const now = Math.floor(Date.now() / 1000);
      stripe.webhooks.constructEvent(h.raw, h.headers['x-service-signature'] as string, hook.secret, 600, undefined, now);
      const id = h.headers['x-service-delivery'] as string;
      byId.set(id, [...(byId.get(id) ?? []), h.raw]);
    }
    // None lost: every stored delivery reached the receiver; nothing arrived that is not one.
    expect(new Set(byId.keys())).toEqual(new Set(stored.map((d) => d.id)));
    // Duplicates (the attempts cut by the kill) repeat the same delivery id with the same body.
    for (const bodies of byId.values()) expect(new Set(bodies).size).toBe(1);
    const duplicates = hooks.length - byId.size;
    expect(duplicates).toBeLessThanOrEqual(beforeRestart);
    for (const g of gateways.splice(0)) await g.stop();
  }, 400_000);

  it('two instances on one database: each delivery is attempted exactly once', async () => {
    const EVENTS = 200;
    const { hook, path: hookPath } = await agencyWithEvents(EVENTS);
    f.receiver.answerWith(() => ({ status: 200, delayMs: 20 }));
    await Promise.all([gateway(), gateway()]);
    await waitUntil(
      'every delivery delivered by the two instances',
      150_000,
      async () => {
        const stored = await storedDeliveries(hook.id);
        return stored.length === EVENTS && stored.every((d) => d.status === 'delivered');
      },
      500,
    );
    const stored = await storedDeliveries(hook.id);
    expect(stored.every((d) => d.attempts === 1)).toBe(true);
    const ids = receivedAt(hookPath).map((h) => h.headers['x-service-delivery'] as string);
    expect(ids).toHaveLength(EVENTS);
    expect(new Set(ids).size).toBe(EVENTS);
    for (const g of gateways.splice(0)) await g.stop();
  }, 400_000);
});
