import type { ErrorCodeEntry } from './entry.js';
import {
  AIRLINE_REQUIRED,
  CHANGE_REQUESTS,
  NEW_PASSWORD,
  OFFER_READS,
  OFFER_USES,
  ORDER_BY_ID,
  ORDER_PARTS,
} from './operation-groups.js';

/** The catalogue's codes at 400: what the request as sent gets wrong. */
export const REQUEST_ERRORS = {
  // 400: the request as sent cannot be answered.
  invalid_request: {
    status: 400,
    meaning:
      'A field, parameter or header is missing, of the wrong type, out of range or unknown; the message (and `field`, where given) names it.',
    operations: ['*', 'cli'],
  },
  invalid_request_body: {
    status: 400,
    meaning:
      'The body is not valid JSON, not UTF-8, nested too deep, `null`, or does not match `Content-Length`. For JSON that does not parse, `detail` says what is wrong and where (`not valid JSON at line 3, column 1: a comma before "}": remove the trailing comma`) and `position` gives `{line, column, offset}`.',
    fix: 'Fix the body at the place `detail` and `position` name (a trailing comma, single quotes, an unquoted name and a missing comma are the usual ones) and send it again, as UTF-8 JSON.',
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
  invalid_name: {
    status: 400,
    meaning:
      "A person's name (`passengers[i].given_name`, `family_name`, `payment.card.holder_name`) has digits, control or format characters, or characters airlines' name fields refuse; `field` names it.",
    operations: ['createOrder', 'createDashboardOrder'],
  },
  passenger_detail_required: {
    status: 400,
    meaning:
      "A passenger lacks a detail the offer's source needs beyond the contract's (Duffel: `gender` `m` or `f`, and a `phone` or `contact.phone` in international form, `+` and the country code); `field` names it (`passengers[i].gender`, `passengers[i].phone`, `contact.phone`). Nothing is sent to the source.",
    operations: ['createOrder', 'createDashboardOrder'],
  },
  passenger_type_mismatch: {
    status: 400,
    meaning:
      "A passenger's `type` is not what the airline's age rules make them on the flights' dates (`born_on`), or `born_on` is impossible; `field` names it and the message says which type to book.",
    operations: ['createOrder', 'createDashboardOrder'],
  },
  passengers_unaccompanied: {
    status: 400,
    meaning:
      'A lap infant has no passenger of the age to hold them (one each), or a minor the airline does not let travel alone has no accompanying passenger; `field` names the passenger.',
    operations: ['createOrder', 'createDashboardOrder'],
  },
  passenger_count_mismatch: {
    status: 400,
    meaning: "The passengers by type are not those the offer was priced for (the search's adults, children and infants).",
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
      '400: the offer or order id names no airline this gateway connects to, or `airline` is not one (for an offer id, `detail` says what one looks like: `AA|…`, `VS|…`, `DUFFEL|…`); 404: an airline notification for an airline that sends none.',
    fix: 'Send the offer or order id exactly as the gateway returned it, prefix and bar included (`AA|…`; percent-encoded in a path, `AA%7C…`), or name the airline in `airline`.',
    operations: [...OFFER_READS, 'createOrder', 'createDashboardOrder', ...ORDER_BY_ID, 'airline-signature'],
  },
  airline_mismatch: {
    status: 400,
    meaning: '`airline` does not match the order or the offer, or offers priced together are of several airlines.',
    operations: [...OFFER_READS, ...ORDER_BY_ID],
  },
  airline_required: {
    status: 400,
    meaning:
      '`airline` is missing or blank on an operation that requires it (every write of an order and its refund eligibility, whatever the order id), checked before the order is looked up.',
    operations: AIRLINE_REQUIRED,
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
    operations: ['airline-signature'],
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
} as const satisfies Record<string, ErrorCodeEntry>;
