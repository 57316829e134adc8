/**
 * Every `code` the API answers with, in one list: its HTTP status, what it means, and the
 * operations that may answer it. AppError and its factories (platform/errors.ts) take only these
 * codes, the OpenAPI description lists each operation's error responses from them
 * (error-responses.ts), and `docs/errors.md` is generated from them (`npm run docs:errors`).
 *
 * `operations` names where a code can come from, as any of:
 * - an operationId (`createOrder`), or a hidden route as `METHOD /path` (`GET /metrics`);
 * - a path prefix in the description's spelling (`/v1/orders/{orderID}`: that path and all below it);
 * - a class of operations: `*` every one, `body` those whose method carries a body (POST, PUT, PATCH, DELETE), `api-key` and `session`
 *   those behind that credential, `metered` those counted against a plan, `metered:shopping` the
 *   searches among them;
 * - `unrouted`: a request that matched no operation (unknown path, wrong method, unparseable HTTP);
 * - `cli`: the `flightagg` command line only, never the HTTP API.
 */

export interface ErrorCodeEntry {
  /** The HTTP status it is answered with; a few codes are answered at two. */
  readonly status: number | readonly number[];
  /** One line: when it is answered, for a reader deciding what to do. */
  readonly meaning: string;
  readonly operations: readonly string[];
}

// Operation groups several codes share.
const ORDER_BY_ID = ['/v1/orders/{orderID}', '/v1/dev/orders/{orderID}'];
const OFFER_READS = ['priceOffers', 'getOfferSeatMap', 'listOfferServices', 'priceDashboardOffers'];
/** Operations that take an `offer_id`: the reads, a booking from it, and an order changed to it. */
const OFFER_USES = [
  ...OFFER_READS,
  'createOrder',
  'createDashboardOrder',
  'reshopOrder',
  'confirmOrderChange',
  'confirmDashboardOrderChange',
];
/** Operations that call an airline and answer its failure. */
const AIRLINE_CALLS = [
  ...OFFER_READS,
  'createOrder',
  'createDashboardOrder',
  'getOrder',
  'changeOrder',
  'cancelOrder',
  'quoteOrder',
  'payOrder',
  'reshopOrder',
  'quoteOrderChange',
  'confirmOrderChange',
  'quoteOrderCancellation',
  'confirmOrderCancellation',
  'getRefundEligibility',
  'refundOrder',
  'getDashboardOrder',
  'cancelDashboardOrder',
  'getDashboardRefundEligibility',
  'refundDashboardOrder',
  'quoteDashboardOrderCancellation',
  'getDashboardOrderSeatMap',
  'listDashboardOrderServices',
  'quoteDashboardOrderChange',
  'confirmDashboardOrderChange',
  // Accepting an airline's schedule change is sent to the airline on an open order.
  'acknowledgeOrderChanges',
  'acknowledgeDashboardOrderChanges',
];
/** Order writes: switched off together (503 coming_soon). */
const ORDER_WRITES = [
  'createOrder',
  'createDashboardOrder',
  'changeOrder',
  'cancelOrder',
  'quoteOrder',
  'payOrder',
  'reshopOrder',
  'quoteOrderChange',
  'confirmOrderChange',
  'quoteOrderCancellation',
  'confirmOrderCancellation',
  'refundOrder',
  'acknowledgeOrderChanges',
  'acknowledgeDashboardOrderChanges',
  'cancelDashboardOrder',
  'refundDashboardOrder',
  'quoteDashboardOrderCancellation',
  'quoteDashboardOrderChange',
  'confirmDashboardOrderChange',
];
/** Order writes that name passengers, segments or extras of the order. */
const ORDER_PARTS = [
  'changeOrder',
  'quoteOrderChange',
  'confirmOrderChange',
  'quoteOrderCancellation',
  'confirmOrderCancellation',
  'refundOrder',
  'refundDashboardOrder',
  'quoteDashboardOrderCancellation',
  'quoteDashboardOrderChange',
  'confirmDashboardOrderChange',
];
/** Order writes on an existing order, which must still be open. */
const ORDER_SERVICING = [...ORDER_PARTS, 'cancelOrder', 'quoteOrder', 'payOrder', 'reshopOrder', 'cancelDashboardOrder'];
const CHANGE_REQUESTS = [
  'changeOrder',
  'quoteOrderChange',
  'confirmOrderChange',
  'quoteDashboardOrderChange',
  'confirmDashboardOrderChange',
];
/** Portal paths on an agency's own resources (keys, teammates, webhooks, details, usage, orders). */
const AGENCY_PATHS = [
  '/v1/dev/agency',
  'listApiRequests',
  '/v1/dev/usage',
  '/v1/dev/api-keys',
  '/v1/dev/webhooks',
  '/v1/dev/orders',
  '/v1/dev/shopping',
  '/v1/dev/offers',
  'createInvite',
  'listInvites',
  'revokeInvite',
];
/** The dashboard's search, price and booking, whose `environment=live` has its own rules (docs/dashboard.md). */
const DASHBOARD_BOOKING = ['searchDashboardOffers', 'priceDashboardOffers', 'createDashboardOrder'];
const STEP_UP = ['startTotpEnrolment', 'removeTotp', 'regenerateRecoveryCodes', 'changePassword', 'revealApiKeySecret'];
const NEW_PASSWORD = ['signUp', 'confirmPasswordReset', 'changePassword', 'acceptInvite'];
const AVIATION = ['/v1/aviation', '/v1/reference'];

export const ERROR_CODES = {
  // 400: the request as sent cannot be answered.
  invalid_request: {
    status: 400,
    meaning:
      'A field, parameter or header is missing, of the wrong type, out of range or unknown; the message (and `field`, where given) names it.',
    operations: ['*', 'cli'],
  },
  invalid_request_body: {
    status: 400,
    meaning: 'The body is not valid JSON, not UTF-8, nested too deep, `null`, or does not match `Content-Length`.',
    operations: ['body'],
  },
  invalid_path: { status: 400, meaning: 'The request path is not a valid URL path.', operations: ['unrouted'] },
  malformed_request: { status: 400, meaning: 'The request is not valid HTTP.', operations: ['unrouted'] },
  offer_id_required: {
    status: 400,
    meaning: '`offer_id` is missing or empty.',
    operations: OFFER_USES,
  },
  passengers_required: {
    status: 400,
    meaning: 'The booking names no passenger.',
    operations: ['createOrder', 'createDashboardOrder'],
  },
  contact_required: {
    status: 400,
    meaning: 'The booking has no contact e-mail address (`contact.email`, or one on a passenger).',
    operations: ['createOrder', 'createDashboardOrder'],
  },
  invalid_idempotency_key: {
    status: 400,
    meaning: 'The `Idempotency-Key` header is empty or longer than 128 characters.',
    operations: ['createOrder', 'createDashboardOrder'],
  },
  too_many_offers: {
    status: 400,
    meaning: 'Offers priced together cover more slices than one trip may.',
    operations: ['priceOffers', 'priceDashboardOffers'],
  },
  unknown_airline: {
    status: [400, 404],
    meaning:
      '400: the offer or order id names no airline this gateway connects to, or `airline` is not one; 404: an airline notification for an airline that sends none.',
    operations: [...OFFER_READS, 'createOrder', 'createDashboardOrder', ...ORDER_BY_ID, 'receiveAirlineNotification'],
  },
  airline_mismatch: {
    status: 400,
    meaning: '`airline` does not match the order or the offer, or offers priced together are of several airlines.',
    operations: [...OFFER_READS, ...ORDER_BY_ID],
  },
  airline_required: {
    status: 400,
    meaning: 'The order id has no airline prefix and `airline` is not given.',
    operations: ORDER_BY_ID,
  },
  invalid_cursor: {
    status: 400,
    meaning: '`cursor` is not one this API gave out.',
    operations: ['listOrders', 'listDashboardOrders', 'listEvents', 'listApiRequests'],
  },
  field_not_used: {
    status: 400,
    meaning: 'A field is given that the named `action` does not use; `field` names it.',
    operations: [...ORDER_PARTS, 'reshopOrder'],
  },
  segment_ids_required: {
    status: 400,
    meaning: '`segment_ids` is required for the `cancel_segments` action.',
    operations: CHANGE_REQUESTS,
  },
  empty_change: { status: 400, meaning: 'The change request names nothing to change.', operations: CHANGE_REQUESTS },
  nothing_to_change: {
    status: [400, 422],
    meaning: '400: an update names no field to change; 422: an order change that would change nothing.',
    operations: ['updateApiKey', 'updateAgencyTerms', 'updateOwnAgency', 'updateWebhookEndpoint', ...ORDER_PARTS],
  },
  invalid_notification: {
    status: 400,
    meaning: 'The airline notification is not UTF-8 or not a change notification the airline sends.',
    operations: ['receiveAirlineNotification'],
  },
  invalid_url: {
    status: 400,
    meaning: 'The webhook `url` is not an https URL the gateway may call.',
    operations: ['createWebhookEndpoint', 'updateWebhookEndpoint'],
  },
  api_key_revoked: {
    status: [400, 403],
    meaning: 'The API key is revoked: it can no longer be changed, rotated (400) or revealed (403).',
    operations: ['updateApiKey', 'rotateApiKey', 'revealApiKeySecret'],
  },
  weak_password: {
    status: 400,
    meaning: 'The new password is too short, too common, a sequence, or contains the e-mail address.',
    operations: NEW_PASSWORD,
  },
  invalid_password: { status: 400, meaning: 'The new password is longer than allowed.', operations: NEW_PASSWORD },
  invalid_reset_token: {
    status: 400,
    meaning: 'The password-reset link is invalid, used or expired.',
    operations: ['confirmPasswordReset'],
  },
  invalid_invite_token: {
    status: 400,
    meaning: 'The invitation is invalid, used, revoked or expired.',
    operations: ['acceptInvite'],
  },
  invalid_verification_token: {
    status: 400,
    meaning: 'The e-mail verification link is invalid, used or expired.',
    operations: ['verifyEmail', 'confirmEmail'],
  },
  invalid_mfa_code: {
    status: 400,
    meaning: 'The code does not match the TOTP secret being enrolled.',
    operations: ['confirmTotpEnrolment'],
  },
  unknown_source: { status: 400, meaning: 'An aviation data source name is not one the gateway knows.', operations: ['cli'] },

  // 401: who is calling is not established.
  missing_api_key: { status: 401, meaning: 'No `X-API-Key` header.', operations: ['api-key'] },
  invalid_api_key: {
    status: 401,
    meaning: 'The key is revoked, mistyped, unknown or of the other environment.',
    operations: ['api-key'],
  },
  api_key_expired: { status: 401, meaning: 'The key is past its `expiresAt`.', operations: ['api-key'] },
  unauthorized: {
    status: 401,
    meaning:
      'A static read-only key, with no agency behind it, reading orders or events; or a scrape of `/metrics` without its token.',
    operations: ['listOrders', '/v1/orders/{orderID}', '/v1/events', 'GET /metrics'],
  },
  missing_session: {
    status: 401,
    meaning: 'No `Authorization: Bearer` session token (with `WWW-Authenticate: Bearer`).',
    operations: ['session'],
  },
  invalid_session: {
    status: 401,
    meaning: 'The session token is unknown, revoked, expired or idle (with `WWW-Authenticate: Bearer`).',
    operations: ['session'],
  },
  invalid_credentials: { status: 401, meaning: 'Wrong e-mail address or password.', operations: ['logIn'] },
  invalid_mfa_challenge: {
    status: 401,
    meaning: 'The sign-in challenge is unknown or expired, or the second-factor code is wrong.',
    operations: ['logInWithSecondFactor'],
  },
  invalid_signature: {
    status: 401,
    meaning: '`X-Airline-Signature` is missing, malformed, stale or does not match the body.',
    operations: ['receiveAirlineNotification'],
  },

  // 402: the account of a developer-portal key failed its standing check (docs/plans.md).
  payment_required: {
    status: 402,
    meaning: 'Free plan: the one-off free allowance is used up.',
    operations: ['metered'],
  },
  payment_method_required: {
    status: 402,
    meaning: 'The plan needs a payment method on file and there is none.',
    operations: ['metered'],
  },
  delinquent: { status: 402, meaning: 'Payments on the account have failed repeatedly.', operations: ['metered'] },
  past_due: { status: 402, meaning: 'An invoice on the account is past due.', operations: ['metered'] },

  // 403: known caller, not allowed.
  ip_not_allowed: { status: 403, meaning: "The caller's address is outside the key's `allowedIps`.", operations: ['api-key'] },
  api_key_read_only: { status: 403, meaning: 'A write with a read-only key.', operations: ['api-key'] },
  path_not_allowed: { status: 403, meaning: "The path is outside the key's `allowedPaths`.", operations: ['api-key'] },
  unknown_plan: {
    status: [400, 403],
    meaning:
      "403: the account's plan is not in the pricing catalogue (same structured body as 402); 400: an operator set a plan that is not in it.",
    operations: ['metered', 'updateAgencyTerms'],
  },
  forbidden: {
    status: 403,
    meaning: 'A static read-only key creating an order: use an agency key.',
    operations: ['createOrder'],
  },
  accreditation_required: {
    status: 403,
    meaning: "Ticketing with a live key needs the agency's IATA/BSP accreditation number (holds stay allowed).",
    operations: ['createOrder', 'createDashboardOrder', 'payOrder'],
  },
  support_session_forbidden: {
    status: 403,
    meaning: 'Not allowed on a support (act-for-an-agency) session.',
    operations: ['/v1/admin', '/v1/dev/me', '/v1/dev/sessions', ...AGENCY_PATHS],
  },
  missing_permission: {
    status: 403,
    meaning: "The operator's role lacks the platform permission the path needs (`permission` in the message).",
    operations: ['/v1/admin', '/v1/dev/orders', ...DASHBOARD_BOOKING, 'listApiRequests'],
  },
  mfa_required: {
    status: 403,
    meaning: 'Admin paths and webhook endpoints need a session signed in, or verified, with a second factor.',
    operations: ['/v1/admin', '/v1/dev/webhooks'],
  },
  step_up_required: {
    status: 403,
    meaning: 'Send the current password as `password`, or verify the second factor shortly before.',
    operations: STEP_UP,
  },
  step_up_failed: {
    status: 403,
    meaning: 'The current password or the second-factor code is not correct, or the account is locked.',
    operations: [...STEP_UP, 'verifySecondFactor'],
  },
  not_agency_account: { status: 403, meaning: 'The account acts for no agency.', operations: AGENCY_PATHS },
  role_forbidden: {
    status: 403,
    meaning: "The member's role may not do this (owner or admin only; for developers, live keys and live dashboard bookings).",
    operations: [
      '/v1/dev/agency',
      '/v1/dev/api-keys',
      '/v1/dev/webhooks',
      'createInvite',
      'listInvites',
      'revokeInvite',
      ...DASHBOARD_BOOKING,
    ],
  },
  email_unverified: {
    status: 403,
    meaning: "Verify the account's e-mail address first.",
    operations: ['createApiKey', 'rotateApiKey', 'revealApiKeySecret', 'createInvite'],
  },
  agency_unverified: { status: 403, meaning: 'The agency is not verified yet.', operations: ['createApiKey'] },
  agency_not_live: {
    status: 403,
    meaning: 'Live keys can be created, and the dashboard can search and book live, once the agency is live.',
    operations: ['createApiKey', ...DASHBOARD_BOOKING],
  },
  metrics_local_only: {
    status: 403,
    meaning: 'Without `METRICS_TOKEN`, metrics are served to a loopback peer only.',
    operations: ['GET /metrics'],
  },

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
    meaning: 'The airline no longer offers it: search again.',
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
  order_closed: { status: 409, meaning: 'The order is cancelled or otherwise closed.', operations: ORDER_SERVICING },
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
    operations: ['receiveAirlineNotification'],
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

  // 500: a fault of the gateway; logged with the request id.
  internal_error: {
    status: 500,
    meaning: 'Something failed inside the gateway; quote `request_id` to support.',
    operations: ['*'],
  },

  // 502: the airline.
  airline_error: {
    status: 502,
    meaning: "The airline answered with an error; the message carries the airline's own text.",
    operations: AIRLINE_CALLS,
  },
  airline_refused: { status: 502, meaning: 'The airline refused the request (do not retry as is).', operations: AIRLINE_CALLS },
  airline_unavailable: {
    status: [502, 503],
    meaning:
      '502: the airline is down or answered something unreadable (retry later); 503: an order named in a notification could not be re-read (send it again later).',
    operations: [...AIRLINE_CALLS, 'receiveAirlineNotification'],
  },
  airline_timeout: {
    status: 502,
    meaning: 'The airline did not answer within the time budget.',
    operations: AIRLINE_CALLS,
  },
  airline_not_configured: {
    status: 502,
    meaning: 'The airline is not set up for this environment on this gateway.',
    operations: [...AIRLINE_CALLS, 'searchOffers', 'searchDashboardOffers'],
  },
  all_airlines_failed: {
    status: 502,
    meaning: 'Every airline connection failed: a genuine carrier or connectivity failure; retry later.',
    operations: ['searchOffers', 'searchDashboardOffers'],
  },

  // 503: a dependency or a feature is not available now.
  coming_soon: {
    status: 503,
    meaning:
      'Order writes are switched off for this environment; `reason` (`coming_soon`), `message` and `docs_url` say so, `Retry-After: 3600`.',
    operations: ORDER_WRITES,
  },
  unavailable: {
    status: 503,
    meaning: 'The booking could not reach the airline in time; nothing was booked, retry.',
    operations: ['createOrder', 'createDashboardOrder'],
  },
  database_unavailable: {
    status: 503,
    meaning: 'The database is unavailable; `Retry-After` says when to retry.',
    operations: ['*'],
  },
  cache_unavailable: {
    status: 503,
    meaning: 'A shared cache (Redis) this request needs is unavailable; `Retry-After` says when to retry.',
    operations: ['*'],
  },
  storage_unavailable: {
    status: 503,
    meaning: 'Storage is full or failing, so nothing was written; `Retry-After` says when to retry.',
    operations: ['*'],
  },
  aviation_data_unavailable: {
    status: 503,
    meaning: 'No aviation data sync has succeeded yet, or its local file cannot be read.',
    operations: AVIATION,
  },
  dashboard_not_built: {
    status: 503,
    meaning: 'The dashboard is not built on this gateway (`npm run dashboard:build`).',
    operations: ['GET /dashboard', 'GET /dashboard/*'],
  },
} as const satisfies Record<string, ErrorCodeEntry>;

export type ErrorCode = keyof typeof ERROR_CODES;

type StatusesOf<C extends ErrorCode> = (typeof ERROR_CODES)[C]['status'] extends infer S
  ? S extends readonly (infer N)[]
    ? N
    : S
  : never;

/** The codes catalogued at `status`: what a factory for that status accepts. */
export type ErrorCodeAt<S extends number> = { [C in ErrorCode]: S extends StatusesOf<C> ? C : never }[ErrorCode];

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_CODES, code);

/** The statuses a code is answered with. */
export function statusesOf(code: ErrorCode): readonly number[] {
  const { status } = ERROR_CODES[code] as ErrorCodeEntry;
  return typeof status === 'number' ? [status] : status;
}
