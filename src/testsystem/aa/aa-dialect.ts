// AA's words: NDC error texts from AA's own traffic (samples-aa-17.2) where AA has one, the key
// refusals of AA's API gateway (Azure API Management), and the texts AA writes into offers and
// bookings (bag allowances, penalties, notices).

import type { AirlineErrors, AirlineKeyCheck, AirlineTexts } from '../ndc/airline-profile.js';
import type { NdcErrorSpec } from '../ndc/wire/ndc-errors.js';
import { kilogramsToPounds } from '../ndc/fares/price-class.js';

const OWNER = 'AA';

/**
 * What OrderCreate answers for an offer whose flight no longer operates: AA's bracketed error code and
 * text, then a line naming the priced segment whose reference is missing (orders issue uses this).
 */
export function bookingRefusalText(segmentRef: string, flightLabel: string): string {
  return (
    '[325] Error during booking process. Code: 21, message: Rebooked segment unavailable\n' +
    `Priced segment reference missing: ${segmentRef} (${flightLabel} does not operate on this date)`
  );
}

const REBOOKED_UNAVAILABLE = 'Error during booking process. Code: 21, message: Rebooked segment unavailable';

export const AA_ERRORS: AirlineErrors = {
  expiredOffer: (offerId) => ({
    code: '325',
    text: `Invalid or Expired Offer ${offerId}`,
    owner: OWNER,
    typeCode: 'DME',
    tag: 'OfferRefID',
  }),
  noFlights: (origin, destination, date) => ({
    code: '325',
    text: `No fares or flights available for ${origin}-${destination} on ${date}`,
    owner: OWNER,
    typeCode: 'DME',
  }),
  malformed: (detail) => ({
    code: '911',
    text: `Unable to process - malformed request: ${detail}`,
    owner: OWNER,
    typeCode: 'Schema',
  }),
  schemaInvalid: (detail) => ({
    code: '911',
    text: `Request failed schema validation: ${detail}`,
    owner: OWNER,
    typeCode: 'Schema',
  }),
  // AA's rule (sales-policy.ts); the wording is ours, AA's own text for it is not in the samples.
  holdNotAllowed: {
    code: '325',
    text: 'Reservation hold not allowed: bookings within 7 days of departure must be paid and ticketed at once',
    owner: OWNER,
    typeCode: 'PNR',
    tag: 'PaymentFunctions',
  },
  badRequest: (detail, tag) => ({ code: '304', text: detail, owner: OWNER, typeCode: 'DME', tag }),
  orderNotFound: (id) => ({ code: '304', text: `Order ${id} not found`, owner: OWNER, typeCode: 'DME', tag: 'OrderID' }),
  unavailable: {
    code: '503',
    text: 'The service is temporarily unavailable. Please retry the request later.',
    owner: OWNER,
    typeCode: 'System',
    status: 'Service Unavailable',
  },
  segmentUnavailable: { code: '325', text: REBOOKED_UNAVAILABLE, owner: OWNER, typeCode: 'PNR' },
  changesNotPermitted: (brandName) => ({
    code: '325',
    text: `Changes not permitted for ${brandName} fares`,
    owner: OWNER,
    typeCode: 'DME',
  }),
  bookingRefusal(segmentRef, flightLabel): NdcErrorSpec[] {
    const [head, cascade] = bookingRefusalText(segmentRef, flightLabel).split('\n');
    return [
      { code: '325', text: (head ?? '').replace(/^\[325\]\s*/, ''), owner: OWNER, typeCode: 'PNR', tag: 'OfferRefID' },
      { code: '325', text: cascade ?? 'Priced segment reference missing', owner: OWNER, typeCode: 'PNR', tag: 'PaxSegmentRefID' },
    ];
  },
};

/** Azure API Management's answers to a missing or wrong subscription key. */
export const AA_KEY_REFUSALS = {
  missing: 'Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.',
  invalid: 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
} as const;

/** The API management layer in front of AA refuses keys before any NDC code runs, in its own JSON. */
export const AA_KEY_CHECK: AirlineKeyCheck = {
  header: 'ocp-apim-subscription-key',
  refuse: (reply, kind) => reply.code(401).send({ statusCode: 401, message: AA_KEY_REFUSALS[kind] }),
};

/** AA's words when it prices a passenger type it does not fare (samples-aa-17.2, a CNN request). */
export const NOT_FARED_WARNING = 'Not fared at passenger type requested.';

export const AA_TEXTS: AirlineTexts = {
  notFaredWarning: NOT_FARED_WARNING,
  currencyNotOffered: (requested, filed) => `Requested currency ${requested} not supported. Fares returned in ${filed}.`,
  checkedBags: (n, kg = 23) =>
    n === 0
      ? 'No free checked bags; first bag fee applies'
      : `${n} free checked bag${n > 1 ? 's' : ''} up to ${kilogramsToPounds(kg)}LB ${kg}KG and 62LI 158LCM`,
  // Every brand, Basic Economy too, and across the Atlantic: one carry-on bag and a personal item
  // that goes under the seat (aa.com "Carry-on bag policy"). The personal item is no second carry-on.
  carryOn: () => ({ text: 'One carry-on bag 22X14X9IN 56X36X23CM plus one personal item 18X14X8IN', pieces: 1 }),
  changePenalty: (def) => (def.changeFeeCents === null ? 'Changes are not permitted' : 'No change fee; fare difference applies'),
  cancelPenalty: (def) =>
    def.refundable
      ? 'Fully refundable'
      : def.tripCredit
        ? 'Non-refundable; the ticket value is kept as a trip credit'
        : 'Non-refundable; taxes refundable on request',
  cancelRestriction: (def) =>
    def.refundable ? 'Refundable' : def.tripCredit ? 'Non-refundable; trip credit on cancellation' : 'Non-refundable',
  changeRestriction: (def) =>
    def.changeFeeCents === null ? 'Changes not permitted' : 'Changes permitted, fare difference applies',
  holdLapsed: 'Payment time limit expired; booking cancelled by AA',
  airlineCancelled: (flight, date) => `Flight ${flight} on ${date} cancelled by AA; booking cancelled`,
  refundedAtAirline: 'Refunded at AA',
  scheduleShift: (flight, minutes) =>
    `Schedule change: ${flight} now departs ${minutes >= 0 ? minutes : -minutes} minutes ${minutes >= 0 ? 'later' : 'earlier'}`,
  scheduleCancelled: (flight, date) => `Schedule change: flight ${flight} on ${date} cancelled by AA; segment cancelled`,
  scheduleRebooked: (flight, date, newFlight, dep) =>
    `Schedule change: flight ${flight} on ${date} cancelled by AA; rebooked on ${newFlight} departing ${dep} (local)`,
  scheduleRenumbered: (flight, date, newFlight) => `Schedule change: flight ${flight} on ${date} is now ${newFlight}`,
  scheduleRetimed: (flight, date, dep, arr) =>
    `Schedule change: flight ${flight} on ${date} now departs ${dep} and arrives ${arr} (local)`,
  lowerFareDifference: (amount, method) =>
    method === 'refund'
      ? `New fare is lower: the difference of ${amount} is refunded to the original form of payment`
      : `New fare is lower: the difference of ${amount} is issued as a trip credit; it is not refunded`,
};
