// A partial reissue across restarts of the AA test system: the reshop offer for one journey is kept
// with the booking, so it can be accepted after a restart, and what the exchange did (journey
// replaced, tickets reissued, seats swapped) is still there after the next. Runs on the run's
// storage: PGlite in a temporary folder, or a PostgreSQL database of its own when DATABASE_URL is set.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createAaConnector } from '../../../src/connectors/aa/aa-connector.js';
import { createOfferIdAuthenticator } from '../../../src/connectors/offer-id-auth.js';
import { Keyring } from '../../../src/platform/keyring/keyring.js';
import { freshConnectionFetch } from '../../helpers/fresh-connection-fetch.js';
import { startAaTestSystem, type AaTestSystem } from '../../../src/testsystem/aa/server.js';
import type { TestSystemStorage } from '../../../src/testsystem/ndc/storage/open-storage.js';
import { adult, bookThroughConnector, ctx, day } from '../../connectors/order-wire-helpers.js';
import { isolatedDatabase } from '../../helpers/test-platform.js';

const KEY = 'aa-test-subscription-key';

const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => {});
});

async function freshStorage(): Promise<TestSystemStorage> {
  const shared = inject('databaseUrl');
  return {
    databaseUrl: shared ? await isolatedDatabase(shared) : null,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'aa-reissue-')),
  };
}

const state = async (aa: AaTestSystem, orderId: string) =>
  (await (await freshConnectionFetch(`${aa.url}/control/orders/${orderId}`)).json()) as {
    flights: { key: string }[];
    tickets: { number: string; couponStatus: string }[];
  };
const seatsSold = async (aa: AaTestSystem) =>
  ((await (await freshConnectionFetch(`${aa.url}/control/state`)).json()) as { inventory: { seatsSold: number } }).inventory
    .seatsSold;

describe('partial reissue across restarts of the AA test system', () => {
  it('a reshop offer for the return is accepted after a restart; the exchanged order and seats are there after the next', async () => {
    const storage = await freshStorage();
    let aa = await startAaTestSystem({ subscriptionKey: KEY, logger: false, storage });
    const port = Number(new URL(aa.url).port);
    const offerIds = createOfferIdAuthenticator(Keyring.parse(Keyring.generateText()));
    const connector = () =>
      createAaConnector({ testUrl: aa.url, testSubscriptionKey: KEY, liveUrl: null, liveSubscriptionKey: null, offerIds });
    const restart = async () => {
      await aa.close();
      aa = await startAaTestSystem({ subscriptionKey: KEY, logger: false, storage, port });
    };
    closers.push(() => aa.close());

    const first = connector();
    const { order, ref } = await bookThroughConnector(
      first,
      [
        { origin: 'JFK', destination: 'LAX', departureDate: day(24) },
        { origin: 'LAX', destination: 'JFK', departureDate: day(29) },
      ],
      [adult('PAX1', 'Ada')],
    );
    const [out, back] = order.segments.map((s) => s.segmentId) as [string, string];
    const reshop = await first.reshopOrder(
      ref,
      { slices: [{ origin: 'LAX', destination: 'JFK', departureDate: day(30) }], cabin: null, segmentIds: [back] },
      ctx,
    );
    if (!reshop.ok) throw new Error(reshop.failure.message);
    await first.close();
    const before = await state(aa, ref.airlineOrderId);
    const sold = await seatsSold(aa);

    await restart();
    const second = connector();
    const choice = reshop.value[0]!;
    const changed = await second.acceptReshopOffers(ref, [choice.offer.offerId], { type: 'agency_account' }, ctx);
    if (!changed.ok) throw new Error(changed.failure.message);
    await second.close();
    const newBack = choice.offer.slices[0]!.segments[0]!.segmentId;
    expect(changed.value.order.segments.map((s) => s.segmentId)).toEqual([out, newBack]);

    await restart();
    const third = connector();
    const read = await third.retrieveOrder(ref, ctx);
    await third.close();
    if (!read.ok) throw new Error(read.failure.message);
    expect(read.value.segments.map((s) => s.segmentId)).toEqual([out, newBack]);
    expect(read.value.tickets.map((t) => t.ticketNumber)).toEqual(changed.value.order.tickets.map((t) => t.ticketNumber));
    expect(read.value.total).toEqual(changed.value.order.total);
    const after = await state(aa, ref.airlineOrderId);
    expect(after.flights[0]!.key).toBe(before.flights[0]!.key);
    expect(after.flights[1]!.key).not.toBe(before.flights[1]!.key);
    expect(await seatsSold(aa)).toBe(sold);
    // The offer was used: accepting it again is refused.
    const fourth = connector();
    const again = await fourth.acceptReshopOffers(ref, [choice.offer.offerId], { type: 'agency_account' }, ctx);
    await fourth.close();
    expect(again.ok).toBe(false);
  });
});
