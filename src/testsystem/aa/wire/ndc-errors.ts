// Error answers in AA's words. Texts come from AA's own traffic (samples-aa-17.2) where AA has one;
// the gateway texts are those of AA's API gateway (Azure API Management) for subscription keys.

import { el, ndcDocument, type XmlNode } from './xml-builder.js';

export interface NdcErrorSpec {
  code: string;
  text: string;
  /** IATA error type: what kind of failure this is (processing, authentication, data). */
  typeCode: string;
  tag?: string;
  status?: string;
}

export function errorNode(spec: NdcErrorSpec): XmlNode {
  return el('Error', [
    el('Code', spec.code),
    el('DescText', spec.text),
    el('LangCode', 'EN'),
    el('OwnerName', 'AA'),
    spec.status ? el('StatusText', spec.status) : null,
    spec.tag ? el('TagText', spec.tag) : null,
    el('TypeCode', spec.typeCode),
  ]);
}

export function errorDocument(responseRoot: string, errors: readonly NdcErrorSpec[]): string {
  return ndcDocument(responseRoot, errors.map(errorNode));
}

export const AA_ERRORS = {
  missingKey: {
    code: '401',
    text: 'Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.',
    typeCode: 'Authentication',
    status: 'Unauthorized',
  },
  invalidKey: {
    code: '401',
    text: 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
    typeCode: 'Authentication',
    status: 'Unauthorized',
  },
  expiredOffer: (offerId: string): NdcErrorSpec => ({
    code: '325',
    text: `Invalid or Expired Offer ${offerId}`,
    typeCode: 'DME',
    tag: 'OfferRefID',
  }),
  noFlights: (origin: string, destination: string, date: string): NdcErrorSpec => ({
    code: '325',
    text: `No fares or flights available for ${origin}-${destination} on ${date}`,
    typeCode: 'DME',
  }),
  malformed: (detail: string): NdcErrorSpec => ({
    code: '911',
    text: `Unable to process - malformed request: ${detail}`,
    typeCode: 'Schema',
  }),
  schemaInvalid: (detail: string): NdcErrorSpec => ({
    code: '911',
    text: `Request failed schema validation: ${detail}`,
    typeCode: 'Schema',
  }),
  // AA's rule (sales-policy.ts); the wording is ours, AA's own text for it is not in the samples.
  holdNotAllowed: {
    code: '325',
    text: 'Reservation hold not allowed: bookings within 7 days of departure must be paid and ticketed at once',
    typeCode: 'PNR',
    tag: 'PaymentFunctions',
  },
  badRequest: (detail: string, tag?: string): NdcErrorSpec => ({ code: '304', text: detail, typeCode: 'DME', tag }),
  unavailable: {
    code: '503',
    text: 'The service is temporarily unavailable. Please retry the request later.',
    typeCode: 'System',
    status: 'Service Unavailable',
  },
} as const;

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
