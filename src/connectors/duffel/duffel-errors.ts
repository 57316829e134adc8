import { failure, type ConnectorFailure } from '../connector-failure.js';
import type { DuffelApiError } from './duffel-api.js';

/** Duffel's error codes that mean the offer (or the thing the call names) is gone. */
const GONE_CODES = new Set([
  'offer_no_longer_available',
  'offer_request_already_booked',
  'not_found',
  'order_change_offer_no_longer_available',
]);

/**
 * Duffel's error objects as one failure (API reference, "Errors"): the first error is the cause, in
 * Duffel's words with its code in brackets, and a validation error names the field it is about.
 * - `offer_no_longer_available` and the other "gone" codes, and a 404 → not_found (an offer: the
 *   contract's 404; an order: a 502 with Duffel's text).
 * - `airline_error` → refused, with the airline's text: the gateway answers 502.
 * - `validation_error`, `invalid_state_error`, `invalid_request_error` → refused (502: our request
 *   was well formed to us and Duffel said no), the field named as the seller wrote it where Duffel's
 *   pointer leads to one (`/passengers/0/phone_number` → `passengers[0].phone`), else Duffel's name.
 * - `authentication_error`, `rate_limit_error`, `api_error`, any 5xx → unavailable (retryable).
 */
export function failureFromDuffelErrors(status: number, errors: DuffelApiError[], what: string): ConnectorFailure {
  const first = errors[0];
  const code = first?.code ?? null;
  const lines = errors.map((e) => {
    const text = e.message ?? e.title ?? 'Duffel refused the request';
    return `${e.code ? `[${e.code}] ` : ''}${text}${fieldNote(e.source)}`;
  });
  const message = lines.length > 0 ? lines.join('; ') : `Duffel answered HTTP ${status} to the ${what}`;
  const type = first?.type ?? null;
  if (status === 401 || status === 403 || type === 'authentication_error') {
    return failure('unavailable', `Duffel refused the access token (HTTP ${status}): ${message}`, code);
  }
  if (status === 429 || type === 'rate_limit_error') return failure('unavailable', message, code ?? 'rate_limit_exceeded');
  if (status >= 500 || type === 'api_error') return failure('unavailable', `Duffel answered HTTP ${status}: ${message}`, code);
  if (status === 404 || (code !== null && GONE_CODES.has(code))) return failure('not_found', message, code);
  if (errors.length === 0 && (status < 200 || status >= 300)) return failure('bad_response', message, null);
  return failure('refused', message, code);
}

/** Duffel's fields of an order's passenger (API reference, "Orders"), by the request field of ours they come from. */
const PASSENGER_FIELDS: Readonly<Record<string, string>> = {
  given_name: 'given_name',
  family_name: 'family_name',
  born_on: 'born_on',
  gender: 'gender',
  title: 'gender',
  email: 'email',
  phone_number: 'phone',
  infant_passenger_id: 'type',
};

/**
 * The field of the gateway's request that a Duffel JSON pointer leads to, where the seller wrote it:
 * Duffel's order passengers are ours in the same order, its payments our `payment`, its selected
 * offer our `offer_id`, its services the `services` and `seats` chosen. Null for Duffel's own fields.
 */
export function ourFieldOf(pointer: string): string | null {
  const [head, index, field] = pointer.split('/').filter(Boolean);
  if (head === 'passengers' && index !== undefined && /^\d+$/.test(index) && field !== undefined) {
    const ours = PASSENGER_FIELDS[field];
    return ours ? `passengers[${index}].${ours}` : null;
  }
  if (head === 'payments' || head === 'payment') return 'payment';
  if (head === 'selected_offers') return 'offer_id';
  if (head === 'services') return 'services';
  return null;
}

/** ` (field …)`: our field where Duffel's pointer leads to one, Duffel's name beside it; empty when none is named. */
function fieldNote(source: DuffelApiError['source']): string {
  const duffels = source?.field ?? source?.pointer ?? null;
  if (!duffels) return '';
  const ours = source?.pointer ? ourFieldOf(source.pointer) : null;
  return ours ? ` (field ${ours}; Duffel's ${duffels})` : ` (field ${duffels})`;
}
