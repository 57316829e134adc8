import type { ErrorCodeEntry } from './entry.js';
import { AGENCY_PATHS, DASHBOARD_BOOKING, STEP_UP } from './operation-groups.js';

/** The catalogue's codes at 401, 402 and 403: who is calling, and what they may do. */
export const CALLER_ERRORS = {
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
    meaning: '`X-Airline-Signature` (Duffel: `X-Duffel-Signature`) is missing, malformed, stale or does not match the body.',
    operations: ['airline-signature'],
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
  path_not_allowed: { status: 403, meaning: "The path is outside the key's `allowed_paths`.", operations: ['api-key'] },
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
    operations: ['/v1/admin', '/v1/dev/orders', ...DASHBOARD_BOOKING, 'listApiRequests', 'getApiRequestBodies'],
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
  test_key_required: {
    status: 403,
    meaning: 'A test event (`flightagg trigger`) sent with a live key: test events are for test keys.',
    operations: ['sendTestEvent'],
  },
  metrics_local_only: {
    status: 403,
    meaning: 'Without `METRICS_TOKEN`, metrics are served to a loopback peer only.',
    operations: ['GET /metrics'],
  },
} as const satisfies Record<string, ErrorCodeEntry>;
