import type { ErrorCodeEntry } from './entry.js';
import { OFFER_READS, OFFER_USES, ORDER_BY_ID, ORDER_LEASED_WRITES, ORDER_PARTS, ORDER_SERVICING } from './operation-groups.js';

/** The catalogue's codes at 404 to 429: the thing asked for, its state, the request's size and form, and limits. */
export const STATE_ERRORS = {
  // 404: no such thing, for this caller.
  not_found: {
    status: 404,
    meaning: 'No such endpoint (or dashboard file), or an agency the command line names.',
    operations: ['unrouted', 'GET /dashboard/*', 'cli'],
  },
  order_not_found: {
    status: 404,
    meaning:
      'The agency holds no order with this id, whatever `airline` says; `did_you_mean` names one of its own orders a one-character typo away.',
    operations: ORDER_BY_ID,
  },
  offer_not_found: {
    status: 404,
    meaning: 'The offer id is not one this gateway gave out, or it has expired.',
    operations: [...OFFER_READS, 'createOrder', 'createDashboardOrder'],
  },
  offer_not_available: {
    status: 404,
    meaning:
      "The airline no longer offers it. When the offer's `expires_at` has passed, `expired_at` gives the instant and `detail` says so.",
    fix: 'Search again (or price the offer again before it expires) and use the new `offer_id`; offers live minutes, so book soon after pricing.',
    operations: OFFER_USES,
  },
  seat_map_segment_not_found: {
    status: 404,
    meaning: 'The offer has no seat map for `segment_id`, or none at all.',
    operations: ['getOfferSeatMap'],
  },
  airline_not_found: {
    status: 404,
    meaning: 'No connector, or no airline record, has that code.',
    operations: ['getAirlineHealth', '/v1/aviation/airlines'],
  },
  airport_not_found: { status: 404, meaning: 'No airport has that id or code.', operations: ['/v1/aviation/airports'] },
  aircraft_type_not_found: {
    status: 404,
    meaning: 'No aircraft type has that ICAO type designator.',
    operations: ['getAircraftType'],
  },
  manufacturer_not_found: {
    status: 404,
    meaning: 'No aircraft type is made by that manufacturer.',
    operations: ['listManufacturerAircraftTypes'],
  },
  api_key_not_found: { status: 404, meaning: 'The agency has no API key with this id.', operations: ['/v1/dev/api-keys/{id}'] },
  event_not_found: {
    status: 404,
    meaning: "The agency holds no event with this id in the key's environment, or it is older than the 30 days events are kept.",
    operations: ['getEvent'],
  },
  webhook_not_found: {
    status: 404,
    meaning: 'The agency has no webhook endpoint with this id.',
    operations: ['/v1/dev/webhooks/{id}'],
  },
  delivery_not_found: {
    status: 404,
    meaning: 'The endpoint has no delivery with this id.',
    operations: ['retryWebhookDelivery'],
  },
  invite_not_found: {
    status: 404,
    meaning: 'No open invitation with this id in the agency.',
    operations: ['revokeInvite'],
  },
  session_not_found: { status: 404, meaning: 'The user has no open session with this id.', operations: ['revokeSession'] },
  support_session_not_found: {
    status: 404,
    meaning: 'No support session with this id.',
    operations: ['endSupportSession'],
  },
  agency_not_found: {
    status: 404,
    meaning: 'No agency with this id.',
    operations: ['getAgency', 'updateAgencyTerms', 'getAgencyUsage', 'startSupportSession', 'cli'],
  },
  security_event_not_found: {
    status: 404,
    meaning: 'No security event with this id.',
    operations: ['acknowledgeSecurityEvent'],
  },
  user_not_found: {
    status: 404,
    meaning: 'No user with this id.',
    operations: ['unlockAccount', '/v1/dev/me/mfa'],
  },
  lockout_not_found: { status: 404, meaning: 'The user is not locked out.', operations: ['unlockAccount'] },
  request_bodies_not_found: {
    status: 404,
    meaning:
      "The agency's request log keeps no bodies for this request id: none of its requests had it, or they are older than REQUEST_LOG_BODY_RETENTION_DAYS (3 by default), or were recorded while bodies were off.",
    operations: ['getApiRequestBodies'],
  },
  intent_not_found: { status: 404, meaning: 'No booking intent with this id.', operations: ['cli'] },

  // 405 and the transport.
  method_not_allowed: {
    status: 405,
    meaning: 'The path exists for other methods; `Allow` lists them.',
    operations: ['unrouted'],
  },
  request_timeout: {
    status: 408,
    meaning: 'The request did not arrive in time; send headers and body promptly.',
    operations: ['unrouted'],
  },

  // 409: conflicts with the current state.
  order_conflict: {
    status: 409,
    meaning: 'These passengers already hold these flights in an order (named), or such a booking is in progress.',
    operations: ['createOrder', 'createDashboardOrder'],
  },
  idempotency_key_reused: {
    status: 409,
    meaning: 'This `Idempotency-Key` was used with a different request.',
    operations: ['createOrder', 'createDashboardOrder'],
  },
  idempotency_key_in_flight: {
    status: 409,
    meaning: 'A request with this `Idempotency-Key` is still in progress.',
    operations: ['createOrder', 'createDashboardOrder'],
  },
  price_changed: {
    status: 409,
    meaning:
      "The airline's price is not the one shown or stated (`total_amount` and `currency` of the body): nothing was booked or paid; `shown_amount`, `total_amount` and `currency` give both, `offer_id` the priced offer to book at the new price.",
    operations: ['createOrder', 'createDashboardOrder', 'payOrder', 'changeOrder'],
  },
  order_closed: {
    status: 409,
    meaning: 'The order is cancelled or otherwise closed (seats and services of a booked order too).',
    operations: [
      ...ORDER_SERVICING,
      'getOfferSeatMap',
      'listOfferServices',
      'getDashboardOrderSeatMap',
      'listDashboardOrderServices',
    ],
  },
  order_busy: {
    status: 409,
    meaning:
      'Another request is changing this order (a commit, cancel, refund or change, from any key, session or instance): ' +
      "nothing was done and the airline was not called (the gateway's own re-read of the order is waited for, up to 5 s, not refused). " +
      'Retry after `Retry-After` seconds, once that write has finished; ' +
      'GET the order first, since the other write may have done what this one asked.',
    operations: ORDER_LEASED_WRITES,
  },
  nothing_to_commit: { status: 409, meaning: 'The order is paid and has no pending upsell.', operations: ['payOrder'] },
  quote_expired: {
    status: 409,
    meaning: 'The change quote named has expired; quote again.',
    operations: ['confirmOrderChange', 'confirmDashboardOrderChange'],
  },
  email_taken: {
    status: 409,
    meaning: 'This address already has an account (an account belongs to one agency).',
    operations: ['signUp', 'acceptInvite', 'cli'],
  },
  email_already_verified: {
    status: 409,
    meaning: 'The e-mail address is already verified.',
    operations: ['resendVerificationEmail'],
  },
  mfa_already_enabled: {
    status: 409,
    meaning: 'A second factor is already enabled; remove it first.',
    operations: ['startTotpEnrolment', 'confirmTotpEnrolment'],
  },
  mfa_enrolment_not_started: {
    status: 409,
    meaning: 'Start TOTP enrolment first, or again: it changed meanwhile.',
    operations: ['confirmTotpEnrolment'],
  },
  mfa_not_enabled: {
    status: 409,
    meaning: 'No second factor is enabled on this account.',
    operations: ['verifySecondFactor', 'removeTotp', 'regenerateRecoveryCodes'],
  },
  too_many_open_invites: {
    status: 409,
    meaning: 'The agency holds the most open invitations it may.',
    operations: ['createInvite'],
  },
  api_key_limit_reached: {
    status: 409,
    meaning: 'The agency holds the most active API keys it may (50); revoke one first.',
    operations: ['createApiKey', 'cli'],
  },
  webhook_limit_reached: {
    status: 409,
    meaning: 'The agency holds the most webhook endpoints it may for this environment.',
    operations: ['createWebhookEndpoint'],
  },
  intent_not_unresolved: {
    status: 409,
    meaning: 'The booking intent is already resolved.',
    operations: ['cli'],
  },

  // 413-431: the request's size or form.
  request_body_too_large: { status: 413, meaning: 'The body is over 1 MiB.', operations: ['body'] },
  path_parameter_too_long: {
    status: 414,
    meaning: 'A path parameter is longer than 1000 characters.',
    operations: ['unrouted'],
  },
  unsupported_media_type: {
    status: 415,
    meaning: 'The body is not of the content type the operation takes (`application/json`; NDC XML for notifications).',
    operations: ['body'],
  },
  unsupported_content_encoding: {
    status: 415,
    meaning: 'The body is compressed (`Content-Encoding`); send it uncompressed.',
    operations: ['body'],
  },
  unsupported_charset: {
    status: 415,
    meaning: 'The `Content-Type` header declares a charset other than UTF-8 (`charset=latin1`, `utf-16`); send UTF-8.',
    operations: ['body'],
  },
  request_headers_too_large: { status: 431, meaning: 'The request headers are too large.', operations: ['unrouted'] },

  // 422: understood, but cannot be done.
  extra_not_priced: {
    status: 422,
    meaning: 'The airline will not price a requested seat or service.',
    operations: ['createOrder', 'createDashboardOrder', ...ORDER_PARTS],
  },
  hold_not_available: {
    status: 422,
    meaning: 'The airline does not hold this offer: pay at once, or choose an offer that can be held.',
    operations: ['createOrder', 'createDashboardOrder'],
  },
  credit_not_usable: {
    status: 422,
    meaning:
      'The trip credit `payment.credit_id` names cannot pay this booking, commit, change or extras (`field`); `reason`: `not_found`, `used`, `expired`, `other_airline`, `other_traveller`, or `insufficient` (with `credit_amount`, `amount_due` and `currency`).',
    operations: [
      'createOrder',
      'createDashboardOrder',
      'payOrder',
      'changeOrder',
      'confirmOrderChange',
      'confirmDashboardOrderChange',
    ],
  },
  partner_operated_connection: {
    status: 422,
    meaning: 'The offer connects onto a flight a partner airline operates, which the airline does not confirm at booking.',
    operations: ['createOrder', 'createDashboardOrder'],
  },
  payment_authentication_unsupported: {
    status: 422,
    meaning: '`payment.authentication` (3-D Secure) cannot be carried to this airline; omit it.',
    operations: ['createOrder', 'createDashboardOrder'],
  },
  payment_type_unsupported: {
    status: 422,
    meaning:
      "`payment.type` is one the source does not take (Duffel is paid from the agency's Duffel balance: `agency_account`, or held); the message lists the ones it takes.",
    operations: ['createOrder', 'createDashboardOrder', 'payOrder'],
  },
  unknown_passenger: {
    status: 422,
    meaning: '`passenger_ids` names a passenger not in the order (`field`, and the ids).',
    operations: ORDER_PARTS,
  },
  unknown_segment: {
    status: 422,
    meaning: '`segment_ids` names a segment not booked in the order (`field`, and the ids).',
    operations: ORDER_PARTS,
  },
  unknown_extra: { status: 422, meaning: '`remove_extra_ids` names an extra not in the order.', operations: ORDER_PARTS },
  segment_already_cancelled: {
    status: 422,
    meaning: '`segment_ids` names a segment cancelled before.',
    operations: ORDER_PARTS,
  },
  segment_flown: {
    status: 422,
    meaning: 'A segment named (or flown by a passenger named) has been flown.',
    operations: ORDER_PARTS,
  },
  infant_without_adult: {
    status: 422,
    meaning: 'Cancelling the passengers named would leave an infant without an adult; the infant is named.',
    operations: ORDER_PARTS,
  },
  minor_without_adult: {
    status: 422,
    meaning: 'Cancelling the passengers named would leave only children.',
    operations: ORDER_PARTS,
  },
  partial_cancellation_unsupported: {
    status: 422,
    meaning: 'Some passengers on some segments only: that splits the booking.',
    operations: ORDER_PARTS,
  },
  partial_journey: {
    status: 422,
    meaning: 'A reissue changes whole journeys: `segment_ids` names part of one; the segments left out are named.',
    operations: ORDER_PARTS,
  },
  one_journey_per_change: {
    status: 422,
    meaning: 'A reissue names segments of several journeys but not all: one journey per change, or every segment.',
    operations: ORDER_PARTS,
  },
  nothing_to_refund: {
    status: 422,
    meaning: 'A hold (nothing was paid) or a fare that refunds nothing.',
    operations: ORDER_PARTS,
  },
  invalid_email: {
    status: 422,
    meaning: 'A well-formed string that is not an e-mail address.',
    operations: ['subscribe'],
  },
  too_many_orders: {
    status: 422,
    meaning: 'An airline notification names more orders than one may; send the rest in further notifications.',
    operations: ['airline-signature'],
  },

  // 429: too many, for now; `Retry-After` says when to try again.
  rate_limited: {
    status: 429,
    meaning: 'Over the rate limit (searches per minute, or requests from this address); `Retry-After` says when to retry.',
    operations: [
      'searchOffers',
      'searchDashboardOffers',
      'streamOffers',
      'subscribe',
      'signUp',
      'logIn',
      'logInWithSecondFactor',
      'requestPasswordReset',
      'createInvite',
      'resendVerificationEmail',
      'sendWebhookTestEvent',
      'sendTestEvent',
    ],
  },
  too_many_streams: {
    status: 429,
    meaning:
      'The API key already holds the most open event streams it may on this instance (5); close one, or retry after `Retry-After`.',
    operations: ['streamEvents'],
  },
  allowance_burst: {
    status: 429,
    meaning: 'Calls of the last two minutes hold every free request left; `Retry-After: 120`.',
    operations: ['metered'],
  },
  daily_ceiling: {
    status: 429,
    meaning: "The agency's daily search ceiling is reached; `Retry-After` until 00:00 UTC.",
    operations: ['metered:shopping'],
  },
  monthly_ceiling: {
    status: 429,
    meaning: "The agency's search ceiling of the billing period is reached.",
    operations: ['metered:shopping'],
  },
  look_to_book: {
    status: 429,
    meaning: "The agency's look-to-book ceiling is reached; a booking lifts it.",
    operations: ['metered:shopping'],
  },
} as const satisfies Record<string, ErrorCodeEntry>;
