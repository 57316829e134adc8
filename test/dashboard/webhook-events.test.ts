import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS as DASHBOARD_EVENTS } from '../../dashboard/src/lib/webhook-events.js';
import { WEBHOOK_EVENTS } from '../../src/webhooks/events.js';

describe("the dashboard's webhook event names", () => {
  it('are the gateway’s, in the same order (the dashboard cannot import server code, so it keeps a copy)', () => {
    expect([...DASHBOARD_EVENTS]).toEqual([...WEBHOOK_EVENTS]);
  });
});
