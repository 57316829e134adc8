// Helpers for the VS test-system tests: a started VS test system on the fixed clock, and the order
// messages a seller sends, built by the gateway's own NDC request builders (the same the connectors
// send), with VS as owner. Shopping requests, posting and the full-schema check are the AA test
// system's helpers: the NDC core is one, so are its requests.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import {
  cancelQuoteRequest,
  orderChangeRequest,
  orderCreateRequest,
  orderRetrieveRequest,
  reshopRequest,
} from '../../../src/connectors/ndc/orders/order-requests.js';
import type { CardAuthentication, PaymentInput, PricedExtra } from '../../../src/connectors/order-types.js';
import type { TestSystemStorage } from '../../../src/testsystem/ndc/storage/open-storage.js';
import { startVsTestSystem, type VsTestSystem } from '../../../src/testsystem/vs/server.js';
import { isolatedDatabase } from '../../helpers/test-platform.js';
import { control, FIXED_NOW, KEY, post, SCHEMA_DIR, xsdErrors, type ShoppedOffer } from '../aa/aa-test-helpers.js';

export {
  airShoppingRq,
  control,
  offerPriceRq,
  offerRequest,
  offersIn,
  post,
  TRAVEL_DATE,
  xsdErrors,
} from '../aa/aa-test-helpers.js';

const SELLER = { orgId: 'FLIGHTAGG', name: 'Flight Aggregation Gateway' };
const VS = (airlineOrderId: string) => ({ airlineOrderId, owner: 'VS' });

/** A VS test system on the fixed clock (2026-11-20T12:00Z), in memory unless `storage` is given. */
export async function startVs(options: { storage?: TestSystemStorage; port?: number } = {}): Promise<VsTestSystem> {
  const system = await startVsTestSystem({ subscriptionKey: KEY, schemaDir: SCHEMA_DIR, logger: false, ...options });
  await control(system, 'POST', '/control/clock', { now: FIXED_NOW });
  return system;
}

/** The run's storage for a restart test: PGlite in a temporary folder, or a PostgreSQL database of its own. */
export async function freshStorage(): Promise<{ databaseUrl: string | null; dataDir: string }> {
  const shared = inject('databaseUrl');
  return {
    databaseUrl: shared ? await isolatedDatabase(shared) : null,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'vs-test-system-')),
  };
}

/** Posts a message and checks its answer against the full 21.3 schema of `responseRoot`. */
export async function postValid(system: VsTestSystem, message: string, body: string, responseRoot: string) {
  const res = await post(system, message, body);
  return { ...res, schemaErrors: await xsdErrors(responseRoot, res.body) };
}

const CARD: PaymentInput = {
  type: 'card',
  card: { number: '4111111111111111', expiry: '1228', holderName: 'ADA LOVELACE', securityCode: '737' },
};

/** One adult per offer item passenger (PAX1…), named and born. */
function passengers(offer: ShoppedOffer) {
  const ids = [...new Set(offer.items.flatMap((i) => i.paxIds))];
  return ids.map((passengerId, n) => ({
    passengerId,
    type: 'adult' as const,
    givenName: `Ada${n + 1}`,
    familyName: 'Lovelace',
    bornOn: '1985-12-10',
    gender: 'f' as const,
    email: null,
    phone: null,
  }));
}

/** OrderCreate of a shopped or priced offer: a hold (no payment) or paid at once with `amountMinor`. */
export function orderCreateRq(offer: ShoppedOffer, paid: { amountMinor: number; currency: string } | null): string {
  return orderCreateRequest(SELLER, {
    parts: [{ offerId: offer.offerId, owner: 'VS', items: offer.items.map((i) => ({ id: i.itemId, pax: i.paxIds })) }],
    passengers: passengers(offer),
    contact: { email: 'ada@example.com', phone: null },
    extras: [],
    payment: paid ? CARD : { type: 'hold' },
    amount: paid,
  });
}

export const orderRetrieveRq = (orderId: string) => orderRetrieveRequest(SELLER, VS(orderId));
export const cancelQuoteRq = (orderId: string) => cancelQuoteRequest(SELLER, VS(orderId));
export const acceptCancelRq = (orderId: string, offerId: string) =>
  orderChangeRequest(SELLER, VS(orderId), { kind: 'cancel', offerId });
export const payRq = (orderId: string, amount: { amountMinor: number; currency: string }) =>
  orderChangeRequest(SELLER, VS(orderId), { kind: 'none' }, { payment: CARD, amount });
/** OrderChange adding seats or services, paid by card (with a 3-D Secure 2 result when given) when `amount` is. */
export const extrasRq = (
  orderId: string,
  extras: PricedExtra[],
  amount: { amountMinor: number; currency: string } | null,
  authentication?: CardAuthentication,
) =>
  orderChangeRequest(
    SELLER,
    VS(orderId),
    { kind: 'extras', extras },
    { payment: amount ? { ...CARD, ...(authentication ? { authentication } : {}) } : null, amount },
  );
export const acceptReshopRq = (orderId: string, offerId: string, amount: { amountMinor: number; currency: string } | null) =>
  orderChangeRequest(SELLER, VS(orderId), { kind: 'reshop', offerIds: [offerId] }, { payment: amount ? CARD : null, amount });
/** New flights for the whole order on another date (every flight item deleted). */
export const reshopDateRq = (orderId: string, itemIds: string[], slice: { origin: string; destination: string; date: string }) =>
  reshopRequest(
    SELLER,
    VS(orderId),
    { slices: [{ origin: slice.origin, destination: slice.destination, departureDate: slice.date }], cabin: null },
    itemIds.map((id) => ({ OrderItemRefID: id })),
  );

/** The text of the first `<tag>`, and of every one. */
export const first = (xml: string, tag: string): string | undefined => new RegExp(`<${tag}(?: [^>]*)?>([^<]*)<`).exec(xml)?.[1];
export const all = (xml: string, tag: string): string[] =>
  [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)<`, 'g'))].map((m) => m[1]!);
/** A decimal amount as minor units of a two-decimal currency (GBP, USD). */
export const minor = (text: string | undefined): number => Math.round(Number(text) * 100);
