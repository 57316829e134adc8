/**
 * A coupon's status in the gateway's small vocabulary, from the codes airlines send (AA's one-letter
 * codes; the 21.3 three-letter ones VS sends):
 *
 *   open       I, O, OPE, A, AL, C, CKI, BD, B    not flown yet (incl. checked in, boarded in progress)
 *   flown      F, FLN, LFT, U                     used for travel
 *   exchanged  E, EXC                             given up for a new ticket
 *   refunded   RF, R, RFD                         value paid back
 *   void       V, VOD                             cancelled without value
 *   suspended  S, SUS, P, PRT                     held by the airline (irregular operations, print exchange)
 *   other      anything else (the code is in `status_code`)
 */
export const COUPON_STATES = ['open', 'flown', 'exchanged', 'refunded', 'void', 'suspended', 'other'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

const BY_CODE: Record<string, CouponState> = {
  I: 'open',
  O: 'open',
  OPE: 'open',
  A: 'open',
  AL: 'open',
  C: 'open',
  CKI: 'open',
  BD: 'open',
  B: 'open',
  F: 'flown',
  FLN: 'flown',
  LFT: 'flown',
  U: 'flown',
  E: 'exchanged',
  EXC: 'exchanged',
  RF: 'refunded',
  R: 'refunded',
  RFD: 'refunded',
  V: 'void',
  VOD: 'void',
  S: 'suspended',
  SUS: 'suspended',
  P: 'suspended',
  PRT: 'suspended',
};

export const couponState = (code: string): CouponState => BY_CODE[code.toUpperCase()] ?? 'other';
