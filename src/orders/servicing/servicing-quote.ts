import { randomBytes } from 'node:crypto';
import type { Money } from '../../connectors/connector-types.js';
import type { PricedExtra } from '../../connectors/order-types.js';

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
}

export interface ServicingQuotes {
  cancel?: ServicingQuote | null;
  change?: ServicingQuote | null;
}

export const changeQuoteId = () => `chq_${randomBytes(12).toString('base64url')}`;

/** Whether a kept quote can still be confirmed at `now`. */
export const isLive = (q: ServicingQuote | null | undefined, now: Date): q is ServicingQuote =>
  Boolean(q && (!q.expiresAt || new Date(q.expiresAt) > now));
