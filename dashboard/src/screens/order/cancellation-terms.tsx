import { formatInstant, formatMoney } from '../../lib/format';

interface Money {
  amount: number;
  currency: string;
}

/** A cancellation quote's terms, whole order or part: what comes back, the penalty, how long the quote holds. */
export function CancellationTerms({
  quote,
  scope,
}: {
  quote: { refund: Money; penalty: Money; expires_at: string | null };
  scope?: string;
}) {
  return (
    <dl className="facts" data-testid="cancel-quote">
      {scope !== undefined && (
        <>
          <dt>What goes</dt>
          <dd>{scope === 'order' ? 'the whole order' : 'part of the order; the rest stays booked'}</dd>
        </>
      )}
      <dt>Refund</dt>
      <dd>{formatMoney(quote.refund.amount, quote.refund.currency)}</dd>
      <dt>Penalty</dt>
      <dd>{formatMoney(quote.penalty.amount, quote.penalty.currency)}</dd>
      <dt>Quote valid until</dt>
      <dd>{formatInstant(quote.expires_at)}</dd>
    </dl>
  );
}
