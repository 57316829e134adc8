import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vsSample } from '../connectors/vs-sample-replay.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { upstreamMissing, withSkipReason } from '../helpers/upstream.js';

const missing = upstreamMissing('ndc-samples');

/** The airline's side of the documented scheme (docs/orders.md): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
function sign(secret: string, body: string): string {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

describe.skipIf(missing)(withSkipReason("VS's change notifications at POST /v1/airlines/vs/notifications", missing), () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const post = (airline: string, xml: string, secret: string | null) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/airlines/${airline}/notifications`,
      headers: {
        'content-type': 'application/xml',
        ...(secret ? { 'x-airline-signature': sign(secret, xml) } : {}),
      },
      payload: xml,
    });

  it("takes VS's own OrderChangeNotifRQ signed with VS_NOTIFY_SECRET, and refuses it signed with AA_NOTIFY_SECRET or unsigned", async () => {
    for (const file of ['orderchangenotif/ocn_time_change_rq.xml', 'orderchangenotif/ocn_flight_cancel_rq.xml']) {
      const xml = vsSample(file);
      const taken = await post('vs', xml, t.platform.config.sources.VS!.signing!.secret);
      // Neither names an order of this gateway: acknowledged all the same, as for AA.
      expect([taken.statusCode, taken.json()]).toEqual([200, { status: 'received' }]);
      for (const refused of [await post('vs', xml, t.platform.config.sources.AA!.signing!.secret), await post('vs', xml, null)]) {
        expect(refused.statusCode).toBe(401);
        expect(refused.json().code).toBe('invalid_signature');
      }
    }
  });

  it("is read by the airline the path names: VS's notification sent as AA's is refused as another carrier's", async () => {
    const res = await post(
      'aa',
      vsSample('orderchangenotif/ocn_time_change_rq.xml'),
      t.platform.config.sources.AA!.signing!.secret,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_notification', error: 'the notification comes from carrier "VS", not AA' });
  });
});
