// Duffel's identifiers: a resource prefix, an underscore, then 22 base-62 characters starting with
// "0000" (off_0000A4tQSmKyqOrcySrGbo). New resources get random ones; things Duffel derives from an
// offer (its available services, seat services, slices and segments) get ids hashed from their
// meaning, so the same offer always names the same seat service.

import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 18;

/** Prefixes by resource, as Duffel's API reference shows them in its examples. */
export const ID_PREFIX = {
  offerRequest: 'orq',
  offer: 'off',
  offerPassenger: 'pas',
  slice: 'sli',
  segment: 'seg',
  availableService: 'ase',
  order: 'ord',
  orderService: 'ser',
  payment: 'pay',
  orderCancellation: 'ore',
  airlineCredit: 'acd',
  orderChangeRequest: 'ocr',
  orderChangeOffer: 'oco',
  orderChange: 'oce',
  airlineInitiatedChange: 'aic',
  seatMap: 'sea',
  webhookEvent: 'wev',
  stop: 'sto',
  airport: 'arp',
  city: 'cit',
  airline: 'arl',
  aircraft: 'arc',
} as const;

export type IdKind = keyof typeof ID_PREFIX;

function encode(bytes: Buffer): string {
  let out = '';
  for (let i = 0; i < BODY_LENGTH; i++) out += ALPHABET[bytes[i % bytes.length]! % 62];
  return out;
}

export function newId(kind: IdKind): string {
  return `${ID_PREFIX[kind]}_0000${encode(randomBytes(BODY_LENGTH))}`;
}

/** An id derived from `seed`: the same seed names the same thing in every answer. */
export function derivedId(kind: IdKind, seed: string): string {
  return `${ID_PREFIX[kind]}_0000${encode(createHash('sha256').update(seed).digest())}`;
}

/** Whether `id` looks like a Duffel id of this kind (paths are checked before any lookup). */
export function isIdOf(kind: IdKind, id: string): boolean {
  return new RegExp(`^${ID_PREFIX[kind]}_[0-9A-Za-z]{22}$`).test(id);
}
