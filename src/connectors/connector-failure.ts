/**
 * What can go wrong when an airline is called, as a value the caller must look at. `retryable`
 * says whether the same call may succeed later (an outage, a time-out) or never will (a refusal);
 * `message` is the airline's own text, bracketed code included, and is safe to show a seller.
 */
export type FailureKind =
  /** The airline answered and said no: a business refusal with its own text. */
  | 'refused'
  /** The offer or order the call names is gone at the airline. */
  | 'not_found'
  /** The airline publishes nothing for what was asked (a seat map for a segment). */
  | 'not_available'
  /** The time budget of the call ran out. */
  | 'timeout'
  /** No connection, a 5xx, an authentication failure at the airline. */
  | 'unavailable'
  /** The airline answered with something we cannot read. */
  | 'bad_response'
  /** This environment has no endpoint for the airline (AA_LIVE_URL unset). */
  | 'not_configured'
  /** The caller went away and the call was cancelled. */
  | 'cancelled';

export interface ConnectorFailure {
  kind: FailureKind;
  retryable: boolean;
  message: string;
  /** The airline's own error code when it sent one. */
  airlineCode: string | null;
}

export type ConnectorResult<T> = { ok: true; value: T } | { ok: false; failure: ConnectorFailure };

const RETRYABLE: Record<FailureKind, boolean> = {
  refused: false,
  not_found: false,
  not_available: false,
  timeout: true,
  unavailable: true,
  bad_response: true,
  not_configured: false,
  cancelled: false,
};

export function failure(kind: FailureKind, message: string, airlineCode: string | null = null): ConnectorFailure {
  return { kind, retryable: RETRYABLE[kind], message, airlineCode };
}

export const ok = <T>(value: T): ConnectorResult<T> => ({ ok: true, value });
export const fail = <T = never>(f: ConnectorFailure): ConnectorResult<T> => ({ ok: false, failure: f });
