// A write, a change lock or a commit the store refuses changes nothing and answers Duffel's 503, and
// its webhooks are not sent.

import { describe, expect, it } from 'vitest';
import { memoryFaultQueue } from '../../../src/testsystem/duffel/control/fault-queue.js';
import { createDeps } from '../../../src/testsystem/duffel/deps.js';
import { memoryStore, type DuffelStore } from '../../../src/testsystem/duffel/storage/duffel-store.js';
import { createWebhookSender } from '../../../src/testsystem/duffel/webhooks/webhook-sender.js';
import { DuffelApiError } from '../../../src/testsystem/duffel/wire/duffel-errors.js';
import { memoryRateLimiter } from '../../../src/testsystem/duffel/wire/rate-limiter.js';

/** The test system's dependencies over `store`, with the webhook events they send kept in `sent`. */
function depsOver(store: DuffelStore) {
  const webhooks = createWebhookSender({ url: 'http://127.0.0.1:9/never', secret: 'a_secret_of_length' }, null);
  const sent: unknown[] = [];
  webhooks.send = (events) => void sent.push(...events);
  const deps = createDeps({ store, webhooks, limiter: memoryRateLimiter(), faults: memoryFaultQueue(), logger: null });
  return { deps, sent, webhooks };
}

describe('the Duffel test system when its store fails', () => {
  it('answers 503 service_unavailable, keeps nothing and sends no event', async () => {
    const store = memoryStore();
    store.write = async () => {
      throw new Error('connection reset');
    };
    const { deps, sent, webhooks } = depsOver(store);
    const failed = await deps
      .change(async (change) => {
        change.put('order', 'ord_0000AAAAAAAAAAAAAAAAAA', { id: 'x' }, { parentId: null, createdAt: 0 });
        change.emit('order.created', { id: 'x' }, 'ord_0000AAAAAAAAAAAAAAAAAA', 0);
      })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(DuffelApiError);
    expect((failed as DuffelApiError).status).toBe(503);
    expect((failed as DuffelApiError).toObject()).toMatchObject({ type: 'api_error', code: 'service_unavailable' });
    expect(sent).toEqual([]);
    expect(await store.get('order', 'ord_0000AAAAAAAAAAAAAAAAAA')).toBeUndefined();
    webhooks.close();
  });

  it.each([
    ['taking the change lock', false],
    ['committing', true],
  ])('answers 503 and sends no event when %s fails', async (_when, workRuns) => {
    const store = memoryStore();
    let worked = false;
    store.atomically = async (work) => {
      // A commit that fails after the work's writes were made inside the transaction: none is kept.
      if (workRuns) await work();
      throw new Error('connection reset');
    };
    const { deps, sent, webhooks } = depsOver(store);
    const failed = await deps
      .change(async (change) => {
        worked = true;
        change.emit('order.created', { id: 'x' }, 'ord_0000AAAAAAAAAAAAAAAAAA', 0);
      })
      .catch((e: unknown) => e);
    expect(worked).toBe(workRuns);
    expect(failed).toBeInstanceOf(DuffelApiError);
    expect((failed as DuffelApiError).toObject()).toMatchObject({ type: 'api_error', code: 'service_unavailable' });
    expect(sent).toEqual([]);
    webhooks.close();
  });
});
