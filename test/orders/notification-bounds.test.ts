import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEV_AA_NOTIFY_SECRET } from '../../src/platform/config.js';
import { loadConfig } from '../../src/sources/load-config.js';
import { acceptedNotifySecrets } from '../../src/platform/notify-secrets.js';
import { DEFERRED_REFRESH_JOB } from '../../src/orders/airline-changes/refresh-limiter.js';
import { eventsForOrder } from '../../src/orders/event-outbox-store.js';
import { airlineChangesFixture, minimalNotification, type AirlineChangesFixture } from './airline-changes-fixture.js';

/** `X-Airline-Signature` over exactly these bytes, as an airline computes it. */
function signBytes(secret: string, body: Buffer, atMs = Date.now()): string {
  const t = Math.floor(atMs / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex')}`;
}

const MESSAGE_NS = 'http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersMessage';
const COMMON_NS = 'http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersCommonTypes';

/** An OrderChangeNotifRQ naming every one of these AA order ids (a time change each). */
function notificationNaming(ids: string[]): string {
  const operations = ids
    .map(
      (id) =>
        `<ChangeOperation><ChangeDateTime>2026-11-20T10:00:00Z</ChangeDateTime><ChangeTypeCode>2</ChangeTypeCode>` +
        `<New><Order><OrderID>${id}</OrderID></Order></New><ReasonCode>100</ReasonCode></ChangeOperation>`,
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?><IATA_OrderChangeNotifRQ xmlns="${MESSAGE_NS}">` +
    `<DistributionChain><DistributionChainLink xmlns="${COMMON_NS}"><Ordinal>1</Ordinal><OrgRole>Carrier</OrgRole>` +
    `<ParticipatingOrg><OrgID>AA</OrgID></ParticipatingOrg></DistributionChainLink></DistributionChain>` +
    `<Notification><ChangeGroup xmlns="${COMMON_NS}"><ChangeOperationGroup>${operations}` +
    `<OrderVersionNumber>2</OrderVersionNumber></ChangeOperationGroup></ChangeGroup></Notification></IATA_OrderChangeNotifRQ>`
  );
}

// On the run's storage. The gateway's clock can be moved ahead (the refresh window is a minute);
// signatures are checked against real time, as an airline's are.
let f: AirlineChangesFixture;
let ahead = 0;
beforeAll(async () => {
  f = await airlineChangesFixture({ isolated: true, clock: () => new Date(Date.now() + ahead) });
});
afterAll(async () => f?.close());

const read = async (id: string) => (await f.call('GET', `/v1/orders/${encodeURIComponent(id)}`)).json();
const events = async (id: string) => (await eventsForOrder(f.platform.db, id)).map((e) => e.event);
const post = (body: string | Buffer, signature: string) =>
  fetch(f.notifyUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/xml', 'x-airline-signature': signature },
    body,
  });
const failRetrieves = () => f.control('POST', '/control/faults', { kind: 'http5xx', messages: ['OrderRetrieve'] });
const clearFaults = () => f.control('DELETE', '/control/faults');

/** A held order whose flight AA retimed without telling us: a re-read brings the change in. */
async function orderWithSilentChange(days: number, minutes: number) {
  const order = (await f.hold((await f.offer('JFK', 'LAX', /MAINFL/, days)).offer_id)).json();
  const [flight] = (await f.airline(order.airline_order_id)).flights;
  await f.scheduleChange({ flight: flight!.key, change: 'retime', minutes, notify: false });
  return order as { order_id: string; airline_order_id: string };
}

describe('airline notifications: who may send them and what they can make the gateway do', () => {
  it('takes the development secret only on embedded storage with the in-process test system', async () => {
    expect(acceptedNotifySecrets(loadConfig({})).AA).toBe(DEV_AA_NOTIFY_SECRET);
    expect(acceptedNotifySecrets(loadConfig({ AA_TEST_URL: 'http://127.0.0.1:9' })).AA).toBeUndefined();
    expect(acceptedNotifySecrets(loadConfig({ DATABASE_URL: 'postgres://db/x', KEYRING: 'k' })).AA).toBeUndefined();
    expect(acceptedNotifySecrets(loadConfig({ AA_NOTIFY_SECRET: 'a'.repeat(32), AA_TEST_URL: 'http://x' })).AA).toBe(
      'a'.repeat(32),
    );

    // A gateway whose airline runs elsewhere, left on the development secret: forged notifications
    // signed with the secret printed in the source are refused and read nothing.
    const exposed = await airlineChangesFixture({
      env: { AA_NOTIFY_SECRET: DEV_AA_NOTIFY_SECRET, AA_TEST_URL: 'http://127.0.0.1:9' },
    });
    try {
      const res = await exposed.postNotification(minimalNotification('AA-ANY-1'), DEV_AA_NOTIFY_SECRET);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({
        code: 'invalid_signature',
        error: 'no notifications are taken from this airline',
      });
    } finally {
      await exposed.close();
    }
  });

  // Embedded storage only: on shared storage the development secret is refused outright (the test above).
  it.skipIf(inject('databaseUrl') !== null)(
    'takes notifications signed with the public development secret from this machine only',
    async () => {
      // Embedded storage with the in-process test system, left on the development secret: it is taken,
      // but only from a request that came straight from this machine (the in-process test system's
      // way), not from another peer nor through a proxy on this machine, whatever it signs.
      const local = await airlineChangesFixture({ env: { AA_NOTIFY_SECRET: DEV_AA_NOTIFY_SECRET } });
      try {
        const xml = minimalNotification('AA-NOBODY-1');
        const forwarded = await local.postNotification(xml, DEV_AA_NOTIFY_SECRET, { 'x-forwarded-for': '203.0.113.7' });
        expect(forwarded.status).toBe(401);
        expect(await forwarded.json()).toMatchObject({
          code: 'invalid_signature',
          error: expect.stringContaining('taken from this machine only; set AA_NOTIFY_SECRET'),
        });
        const remote = await local.app.inject({
          method: 'POST',
          url: '/v1/airlines/aa/notifications',
          remoteAddress: '203.0.113.7',
          headers: {
            'content-type': 'application/xml',
            'x-airline-signature': signBytes(DEV_AA_NOTIFY_SECRET, Buffer.from(xml)),
          },
          payload: xml,
        });
        expect(remote.statusCode).toBe(401);
        expect(remote.json().error).toContain('taken from this machine only');
        // Straight from this machine, as the in-process test system sends: taken (no order of ours: acknowledged).
        expect((await local.postNotification(xml, DEV_AA_NOTIFY_SECRET)).status).toBe(200);
      } finally {
        await local.close();
      }
    },
  );

  it('takes a signed body once: the same signature again answers 200 and re-reads nothing', async () => {
    const order = await orderWithSilentChange(31, 25);
    const xml = minimalNotification(order.airline_order_id);
    const signature = signBytes(f.platform.config.sources.AA!.signing!.secret, Buffer.from(xml));
    expect((await post(xml, signature)).status).toBe(200);
    expect(await events(order.order_id)).toEqual(['order.created', 'order.updated']);
    const stored = await read(order.order_id);

    // Past the refresh window, with the airline failing: a re-read would answer 503.
    ahead += 61_000;
    await failRetrieves();
    try {
      for (let i = 0; i < 3; i++) {
        const replay = await post(xml, signature);
        expect(replay.status).toBe(200);
        expect(await replay.json()).toEqual({ status: 'received' });
      }
      // The same body signed anew is a new notification: it is read (and meets the failing airline).
      expect(
        (await post(xml, signBytes(f.platform.config.sources.AA!.signing!.secret, Buffer.from(xml), Date.now() + 1_000))).status,
      ).toBe(503);
    } finally {
      await clearFaults();
    }
    expect(await read(order.order_id)).toEqual(stored);
  });

  it('re-reads an order at most once a minute whatever notifications name it; the ones inside the minute are re-read when it ends', async () => {
    const order = await orderWithSilentChange(33, 35);
    expect((await f.postNotification(minimalNotification(order.airline_order_id))).status).toBe(200);
    expect(await events(order.order_id)).toEqual(['order.created', 'order.updated']);
    const [flight] = (await f.airline(order.airline_order_id)).flights;
    await f.scheduleChange({ flight: flight!.key, change: 'retime', minutes: 15, notify: false });

    // Within the minute, with the airline failing: no notification calls it (no 503), however many.
    await failRetrieves();
    try {
      for (let i = 0; i < 5; i++) {
        const res = await f.postNotification(notificationNaming([order.airline_order_id, order.airline_order_id]));
        expect(res.status).toBe(200);
      }
      expect(await events(order.order_id)).toEqual(['order.created', 'order.updated']);
      // The minute over, the deferred re-read runs once; the airline still failing, it is kept for later.
      ahead += 61_000;
      await f.platform.scheduler.runNow(DEFERRED_REFRESH_JOB);
    } finally {
      await clearFaults();
    }
    expect(await events(order.order_id)).toEqual(['order.created', 'order.updated']);
    await f.platform.scheduler.runNow(DEFERRED_REFRESH_JOB);
    expect(await events(order.order_id)).toEqual(['order.created', 'order.updated']);
    ahead += 61_000;
    await f.platform.scheduler.runNow(DEFERRED_REFRESH_JOB);
    // The second change is in, once, and nothing is left to re-read.
    expect(await events(order.order_id)).toEqual(['order.created', 'order.updated', 'order.updated']);
    const history = (await f.call('GET', `/v1/orders/${encodeURIComponent(order.order_id)}/history`)).json().entries;
    expect(history.at(-1)).toMatchObject({ action: 'airline_notification', detail: { notification: { deferred: true } } });
    ahead += 61_000;
    await f.platform.scheduler.runNow(DEFERRED_REFRESH_JOB);
    expect(await events(order.order_id)).toHaveLength(3);
  });

  it('refuses a notification naming more than 100 orders (422, nothing read); 100 are taken', async () => {
    const order = await orderWithSilentChange(35, 45);
    const stored = await read(order.order_id);
    const others = Array.from({ length: 100 }, (_, i) => `AA-NOT-OURS-${i}`);
    const tooMany = await f.postNotification(notificationNaming([order.airline_order_id, ...others]));
    expect(tooMany.status).toBe(422);
    expect(await tooMany.json()).toMatchObject({
      code: 'too_many_orders',
      error: 'a notification names at most 100 orders (this one names 101); send the rest in further notifications',
    });
    expect(await read(order.order_id)).toEqual(stored);
    expect(await events(order.order_id)).toEqual(['order.created']);

    const hundred = await f.postNotification(notificationNaming([order.airline_order_id, ...others.slice(1)]));
    expect(hundred.status).toBe(200);
    expect(await events(order.order_id)).toEqual(['order.created', 'order.updated']);
  });

  it('signs the bytes sent: a body that is not UTF-8 does not share a signature with its decoded text', async () => {
    const xml = minimalNotification('AA-NOT-OURS-BYTES');
    const [head, tail] = [xml.slice(0, -40), xml.slice(-40)];
    const withFF = Buffer.concat([Buffer.from(head), Buffer.from([0xff]), Buffer.from(tail)]);
    const withFE = Buffer.concat([Buffer.from(head), Buffer.from([0xfe]), Buffer.from(tail)]);
    const secret = f.platform.config.sources.AA!.signing!.secret;
    // Both decode to the same text (U+FFFD); a signature over that text holds for neither body.
    expect(withFF.toString('utf8')).toBe(withFE.toString('utf8'));
    const overText = signBytes(secret, Buffer.from(withFF.toString('utf8')));
    for (const body of [withFF, withFE]) {
      const res = await post(body, overText);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'invalid_signature', error: 'x-airline-signature does not match' });
    }
    // Signed over its own bytes it is authenticated, then refused for what it is.
    const res = await post(withFE, signBytes(secret, withFF));
    expect(res.status).toBe(401);
    const own = await post(withFF, signBytes(secret, withFF));
    expect(own.status).toBe(400);
    expect(await own.json()).toMatchObject({ code: 'invalid_notification', error: 'the notification is not valid UTF-8' });
  });

  it.each(['aa', 'vs'])(
    '%s: refuses an OrderID that is no id (a NUL, a line break, a space, over 100 characters) before any SQL, with a 400',
    async (airline) => {
      const carrier = airline.toUpperCase();
      const secret =
        carrier === 'AA' ? f.platform.config.sources.AA!.signing!.secret : f.platform.config.sources.VS!.signing!.secret;
      const url = f.notifyUrl.replace('/aa/', `/${airline}/`);
      const naming = (orderId: string) => minimalNotification(orderId).replace('<OrgID>AA</OrgID>', `<OrgID>${carrier}</OrgID>`);
      for (const [orderId, shown] of [
        ['&#0;', '"\\u0000"'],
        ['AA-1&#0;x', '"AA-1\\u0000x"'],
        ['AA-1&#10;Bcc', '"AA-1\\nBcc"'],
        ['&#x1F;', '"\\u001f"'],
        ['AA 1', '"AA 1"'],
        ['X'.repeat(101), `"${'X'.repeat(40)}"...`],
      ] as const) {
        const body = Buffer.from(naming(orderId));
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/xml', 'x-airline-signature': signBytes(secret, body) },
          body,
        });
        expect(res.status, `${orderId}: ${res.status}`).toBe(400);
        expect(await res.json()).toMatchObject({
          code: 'invalid_notification',
          error: `OrderID ${shown} is not an order id (1-100 visible ASCII characters)`,
        });
      }
      // A record locator is bounded the same way.
      const pnr = Buffer.from(
        naming('AA-ANY-2').replace('</OrderID>', '</OrderID><BookingRef><BookingID>AB&#0;C</BookingID></BookingRef>'),
      );
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/xml', 'x-airline-signature': signBytes(secret, pnr) },
        body: pnr,
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(
        'BookingID "AB\\u0000C" is not a record locator (1-100 visible ASCII characters)',
      );
    },
  );

  it('refuses a notification naming a good order and a bad one whole: the good one is not re-read', async () => {
    const order = await orderWithSilentChange(24, 35);
    const body = Buffer.from(notificationNaming([order.airline_order_id, 'AA&#0;']));
    const res = await post(body, signBytes(f.platform.config.sources.AA!.signing!.secret, body));
    expect(res.status).toBe(400);
    expect(await events(order.order_id)).not.toContain('order.updated');
  });

  it('refuses a notification declared in a charset other than UTF-8 (415, signed or not)', async () => {
    const body = Buffer.from(minimalNotification('AA-ANY-3'));
    const res = await fetch(f.notifyUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/xml; charset=iso-8859-1',
        'x-airline-signature': signBytes(f.platform.config.sources.AA!.signing!.secret, body),
      },
      body,
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code: 'unsupported_charset' });
    const unsigned = await fetch(f.notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/xml; charset=iso-8859-1' },
      body,
    });
    expect(unsigned.status).toBe(415);
    expect(await unsigned.json()).toMatchObject({ code: 'unsupported_charset' });
  });

  it('refuses a body of another type with 415 before the signature, signed or not, in the shape of every 415', async () => {
    const body = Buffer.from(minimalNotification('AA-ANY-4'));
    const send = (type: string, signed: boolean) =>
      fetch(f.notifyUrl, {
        method: 'POST',
        headers: {
          'content-type': type,
          ...(signed ? { 'x-airline-signature': signBytes(f.platform.config.sources.AA!.signing!.secret, body) } : {}),
        },
        body,
      });
    // The gateway's other 415 (a compressed body), for the shape.
    const other = await fetch(f.notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', 'content-encoding': 'gzip' },
      body,
    });
    expect(other.status).toBe(415);
    const shape = Object.keys((await other.json()) as object).sort();
    for (const [type, signed] of [
      ['text/plain', true],
      ['text/plain', false],
      ['application/json', true],
      ['application/octet-stream', false],
    ] as const) {
      const res = await send(type, signed);
      expect(res.status, `${type} ${signed ? 'signed' : 'unsigned'}`).toBe(415);
      const refusal = (await res.json()) as object;
      expect(refusal).toMatchObject({
        code: 'unsupported_media_type',
        error: 'a notification is NDC XML: send it as application/xml',
      });
      expect(Object.keys(refusal).sort()).toEqual(shape);
    }
    // The types it reads still go on to the signature.
    expect((await send('text/xml', false)).status).toBe(401);
    expect((await send('application/xml; charset=utf-8', true)).status).toBe(200);
  });
});
