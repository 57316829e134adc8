import { randomBytes } from 'node:crypto';
import type { Money } from '../../connectors/connector-types.js';
import type { CancelRefundMethod, PricedExtra } from '../../connectors/order-types.js';

/**
 * A cancellation or change quote the gateway gave, kept on the order (`details.servicingQuotes`)
 * so its confirm step does exactly what was quoted, on any instance: which part goes, which extras
 * come, the airline's own quote to accept, and the caller's reason for the history.
 */
export interface ServicingQuote {
  /** What the caller confirms with: `cancellation_quote_id`, or `/change/confirm`'s `offer_id`. */
  id: string;
  /** `reissue` keeps only the reason and segments: the reshop offer accepted carries the rest. */
  action: 'cancel' | 'cancel_part' | 'cancel_segments' | 'add_extras' | 'remove_extras' | 'reissue';
  /** The airline's cancellation offer to accept (cancel, cancel_part, cancel_segments, remove_extras). */
  airlineQuoteId: string | null;
  passengerIds: string[];
  segmentIds: string[];
  extraIds: string[];
  /** Priced extras to add (add_extras). */
  addExtras: PricedExtra[];
  reason: string | null;
  refund: Money;
  credit: Money;
  penalty: Money;
  amountDue: Money;
  expiresAt: string | null;
  /** Where a cancellation's value goes, as the airline said; absent on quotes kept before it was read. */
  refundMethod?: CancelRefundMethod;
}

/** Where a quote's value goes: the airline's word, else the cash refund first, then the credit, else nothing. */
export function refundMethodOf(q: Pick<ServicingQuote, 'refund' | 'credit' | 'refundMethod'>): CancelRefundMethod {
  if (q.refundMethod) return q.refundMethod;
  if (q.refund.amountMinor > 0) return 'original_form_of_payment';
  return q.credit.amountMinor > 0 ? 'credit' : 'none';
}

export interface ServicingQuotes {
  cancel?: ServicingQuote | null;
  change?: ServicingQuote | null;
}

export const changeQuoteId = () => `chq_${randomBytes(12).toString('base64url')}`;

/** Whether a kept quote can still be confirmed at `now`. */
export const isLive = (q: ServicingQuote | null | undefined, now: Date): q is ServicingQuote =>
  Boolean(q && (!q.expiresAt || new Date(q.expiresAt) > now));
