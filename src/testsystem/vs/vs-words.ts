// VS's words on the wire: its error answers (vs-dialect.ts's VS_ERROR_CODES: no VS sample carries an Error,
// so the codes are IATA's and the wording VS's style), the texts it puts in offers (baggage as the
// samples word it, cancellation restrictions) and in its bookings' notices, and its key check.

import type { AirlineErrors, AirlineKeyCheck, AirlineTexts } from '../ndc/airline-profile.js';
import { errorDocument, type NdcErrorSpec } from '../ndc/wire/ndc-errors.js';
import { VS_BAGGAGE_TEXTS, VS_CANCEL, VS_ERROR_CODES, VS_FARE_RULE_TEXTS } from './vs-dialect.js';
import { VS_BRANDS } from './fares/brands.js';

const OWNER = 'VS';
const spec = (e: { code: string; typeCode: string; text: string }, tag?: string, detail?: string): NdcErrorSpec => ({
  code: e.code,
  typeCode: e.typeCode,
  text: detail ? `${e.text}: ${detail}` : e.text,
  owner: OWNER,
  tag,
});

export const VS_ERRORS: AirlineErrors = {
  expiredOffer: (offerId) => spec(VS_ERROR_CODES.offerExpired, 'OfferRefID', offerId),
  noFlights: (origin, destination, date) => spec(VS_ERROR_CODES.noFlights, undefined, `${origin}-${destination} ${date}`),
  malformed: (detail) => spec({ ...VS_ERROR_CODES.schemaInvalid, text: 'Request could not be read' }, undefined, detail),
  schemaInvalid: (detail) => spec(VS_ERROR_CODES.schemaInvalid, undefined, detail),
  holdNotAllowed: spec(VS_ERROR_CODES.holdNotAllowed, 'PaymentFunctions'),
  badRequest: (detail, tag) => ({ code: '304', typeCode: 'DME', text: detail, owner: OWNER, tag }),
  orderNotFound: () => spec(VS_ERROR_CODES.orderNotFound, 'OrderID'),
  unavailable: { ...spec(VS_ERROR_CODES.unavailable), status: 'Service Unavailable' },
  segmentUnavailable: spec({ code: '325', typeCode: 'PRC', text: 'Seats are no longer available on the selected flight' }),
  changesNotPermitted: (brandName) =>
    spec({ code: '325', typeCode: 'PRC', text: `Changes are not permitted on ${brandName} fares` }),
  bookingRefusal: (segmentRef, flightLabel) => [
    spec(
      { code: '325', typeCode: 'PRC', text: 'Unable to create the order: a flight in the offer is not operating' },
      'OfferRefID',
    ),
    spec(
      { code: '325', typeCode: 'PRC', text: `Priced segment reference missing: ${segmentRef} (${flightLabel})` },
      'PaxSegmentRefID',
    ),
  ],
};

/** VS's gateway takes the subscription key in the same header as AA's (the VS connector sends it there) and answers in NDC. */
export const VS_KEY_CHECK: AirlineKeyCheck = {
  header: 'ocp-apim-subscription-key',
  refuse: (reply, kind, root) =>
    reply
      .code(401)
      .type('application/xml; charset=utf-8')
      .send(
        errorDocument(root, [
          {
            code: '401',
            typeCode: 'Authentication',
            text: kind === 'missing' ? 'Subscription key is missing' : 'Subscription key is not valid',
            owner: OWNER,
            status: 'Unauthorized',
          },
        ]),
      ),
};

const brandOf = (id: string) => VS_BRANDS.find((b) => b.id === id);

export const VS_TEXTS: AirlineTexts = {
  notFaredWarning: 'Passenger type not fared; priced as the nearest type',
  currencyNotOffered: (requested, filed) => `Requested currency ${requested} is not available; prices are in ${filed}`,
  // Upper's checked pieces may weigh 32 kg, the others' 23 kg (offerprice_multipax_with_upsell_offers_RS.xml: BAGA3, BAGA2).
  checkedBags: (n, kg) =>
    n === 0 ? 'NO FREE CHECKED BAGGAGE' : `${n}PC ${kg === 32 ? VS_BAGGAGE_TEXTS.checked32 : VS_BAGGAGE_TEXTS.checked23}`,
  // Hand baggage by brand (the same sample: CAB1 one bag of 10 kg, CAB3 Upper's two of 12 kg).
  carryOn: (def) => {
    const bags = brandOf(def.id)?.cabinBags ?? { pieces: 1, kg: 10 };
    return {
      text: bags.kg === 12 ? VS_BAGGAGE_TEXTS.cabinUpper : VS_BAGGAGE_TEXTS.cabinEconomy,
      pieces: bags.pieces,
      kg: bags.kg,
    };
  },
  changePenalty: (def) => `${def.name}: changes for a fee per passenger; fare difference applies`,
  cancelPenalty: (def) =>
    brandOf(def.id)?.cancel === 'refund'
      ? 'Fully refundable'
      : brandOf(def.id)?.cancel === 'taxesOnly'
        ? 'Non-refundable; taxes refundable'
        : VS_CANCEL.penaltyText,
  cancelRestriction: (def) =>
    def.refundable ? 'REFUNDABLE' : `${VS_FARE_RULE_TEXTS.cancelNotPermittedPrefix}${def.name.toUpperCase()}`,
  changeRestriction: () => 'CHANGES PERMITTED FOR A FEE - FARE DIFFERENCE APPLIES',
  holdLapsed: 'Payment time limit passed; booking cancelled by Virgin Atlantic',
  airlineCancelled: (flight, date) => `Flight ${flight} on ${date} cancelled by Virgin Atlantic; booking cancelled`,
  refundedAtAirline: 'Refunded by Virgin Atlantic',
  scheduleShift: (flight, minutes) =>
    `Schedule change: ${flight} now departs ${Math.abs(minutes)} minutes ${minutes >= 0 ? 'later' : 'earlier'}`,
  scheduleCancelled: (flight, date) => `Schedule change: flight ${flight} on ${date} cancelled by Virgin Atlantic`,
  scheduleRebooked: (flight, date, newFlight, dep) =>
    `Schedule change: flight ${flight} on ${date} cancelled by Virgin Atlantic; rebooked on ${newFlight} departing ${dep} (local)`,
  scheduleRenumbered: (flight, date, newFlight) => `Schedule change: flight ${flight} on ${date} now operates as ${newFlight}`,
  scheduleRetimed: (flight, date, dep, arr) =>
    `Schedule change: flight ${flight} on ${date} now departs ${dep} and arrives ${arr} (local)`,
};
