import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listHistory } from '../../src/orders/history-store.js';
import { supportSession as supportSessionOn } from '../helpers/portal-sessions.js';
import { orderFixture, type OrderFixture } from './order-fixture.js';

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture();
});
afterAll(async () => f?.close());

/** A support session on the fixture's agency, opened by an operator holding `permissions`. */
const supportSession = (permissions: string[]) => supportSessionOn(f, { agencyId: f.agencyId, permissions });

async function heldOrder(): Promise<string> {
  return (await f.hold((await f.offer('JFK', 'LAX', /MAIN$/, 41)).offer_id)).json().order_id as string;
}

const orderUrl = (id: string, tail = '') => `/v1/dev/orders/${encodeURIComponent(id)}${tail}`;

describe('orders on a support session', () => {
  it('lets an operator with only support.session read the order and its history, but not cancel it', async () => {
    const orderId = await heldOrder();
    const { bearer } = await supportSession(['support.session']);

    const seen = await f.app.inject({ method: 'GET', url: orderUrl(orderId), headers: bearer });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().order_id).toBe(orderId);
    expect((await f.app.inject({ method: 'GET', url: orderUrl(orderId, '/history'), headers: bearer })).statusCode).toBe(200);

    const cancel = await f.app.inject({ method: 'POST', url: orderUrl(orderId, '/cancel'), headers: bearer });
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json()).toMatchObject({ code: 'missing_permission' });
    expect(cancel.json().error).toContain('orders.support');

    // Nothing happened to the booking: still open, no support entry in its history.
    const after = await f.call('GET', `/v1/orders/${encodeURIComponent(orderId)}`);
    expect(after.json().status).not.toBe('cancelled');
    expect((await listHistory(f.platform.db, orderId)).map((e) => e.action)).not.toContain('cancelled_by_support');
  });

  it('lets an operator with orders.support cancel, recorded as support naming the operator', async () => {
    const orderId = await heldOrder();
    const { bearer, operatorId } = await supportSession(['support.session', 'orders.support']);
    const cancel = await f.app.inject({ method: 'POST', url: orderUrl(orderId, '/cancel'), headers: bearer });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().status).toBe('cancelled');
    const history = (await f.call('GET', `/v1/orders/${encodeURIComponent(orderId)}/history`)).json().entries;
    expect(history.at(-1)).toMatchObject({
      action: 'cancelled_by_support',
      actor: { kind: 'support', id: operatorId, on_behalf_of_agency_id: f.agencyId },
    });
  });

  it('refuses reads once the operator no longer holds support.session', async () => {
    const orderId = await heldOrder();
    const { bearer, operatorId } = await supportSession(['support.session']);
    await sql`update users set permissions = '{}' where id = ${operatorId}`.execute(f.platform.db);
    const seen = await f.app.inject({ method: 'GET', url: orderUrl(orderId), headers: bearer });
    expect(seen.statusCode).toBe(403);
    expect(seen.json().code).toBe('missing_permission');
  });
});
