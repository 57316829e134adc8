import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeNdcOfferId } from '../../src/connectors/ndc/offer-ref.js';
import { createOfferIdAuthenticator } from '../../src/connectors/offer-id-auth.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { PASSENGER } from './order-fixture.js';

/**
 * VS on a gateway with no VS test system (no VS_TEST_URL, none in-process): a VS offer id, as the
 * gateway would have issued it, still routes to VS by its prefix; what VS cannot do here is said.
 */
describe('a VS offer on a gateway with no VS endpoint for the key', () => {
  let t: TestApp;
  let key: string;
  let offerId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    key = (await t.agencyWithKey()).secret;
    offerId = createOfferIdAuthenticator(t.platform.keyring).sign(
      encodeNdcOfferId('VS', {
        parts: [{ offerId: 'OF1|b108789a', owner: 'VS', items: [{ id: 'OF1|b108789a-1', pax: ['PAX1'] }] }],
        passengers: { adults: 1, children: 0, infants: 0 },
        partnerConnection: false,
      }),
    );
  });
  afterAll(async () => t?.close());

  const order = (payment: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/orders',
      headers: { 'x-api-key': key },
      payload: { offer_id: offerId, passengers: [PASSENGER], payment },
    });
  const stored = async () =>
    (await t.app.inject({ method: 'GET', url: '/v1/orders', headers: { 'x-api-key': key } })).json().orders.length as number;

  it('takes 3-D Secure data for VS, but refuses an incomplete result before any airline call, storing nothing', async () => {
    const res = await order({
      type: 'card',
      card: { number: '4111111111111111', expiry: '1230', holder_name: 'A L' },
      authentication: { cavv: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_request',
      error: 'payment.authentication.authentication_value is required',
    });
    expect(await stored()).toBe(0);
  });

  it('refuses 3-D Secure data on a payment that is not by card', async () => {
    const res = await order({
      type: 'agency_account',
      authentication: { authentication_value: 'AAAB', ds_transaction_id: 'f2', eci: '05', status: 'Y' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_request',
      error: 'payment.authentication is for a card payment (payment.type card)',
    });
    expect(await stored()).toBe(0);
  });

  it('says the VS test system is not configured, naming the variable, rather than booking anything', async () => {
    const res = await order({ type: 'hold' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      code: 'airline_not_configured',
      error: 'the VS test system is not configured on this gateway (VS_TEST_URL)',
    });
    expect(await stored()).toBe(0);
  });
});
