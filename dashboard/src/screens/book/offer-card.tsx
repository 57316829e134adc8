import type { components } from '../../api/schema';
import { formatMoney } from '../../lib/format';
import { bagsText, conditionText, localTime, stopsText } from '../../lib/booking';
import { operatedByText, sourceText } from '../../lib/carriers';

export type Offer = components['schemas']['Offer'];

/**
 * One offer as staff compare them: the owner airline and the source that sells it, flights (times,
 * numbers, stops, the operating airline where another flies it), brand, bags, conditions and price.
 */
export function OfferCard({ offer, action }: { offer: Offer; action?: React.ReactNode }) {
  return (
    <article className="offer" aria-label={`Offer ${offer.airline} ${formatMoney(offer.total_amount, offer.currency)}`}>
      <div className="row">
        <strong data-testid="offer-airline">{offer.airline}</strong>
        <span data-testid="offer-source">{sourceText(offer.airline, offer.source)}</span>
        <span data-testid="offer-brand">{offer.fare_brand ?? offer.fare_brand_code ?? 'No brand'}</span>
        {offer.cabin && <span>{offer.cabin.replace('_', ' ')}</span>}
        <strong data-testid="offer-price">{formatMoney(offer.total_amount, offer.currency)}</strong>
      </div>
      {offer.slices.map((slice, i) => (
        <p key={i}>
          {slice.origin} → {slice.destination}: {stopsText(slice.segments)} —{' '}
          {slice.segments.map((s) => {
            const operatedBy = operatedByText(s);
            return (
              <span key={s.segment_id} className="flight">
                {s.marketing_carrier}
                {s.flight_number} {localTime(s.departing_at)}–{localTime(s.arriving_at)}
                {operatedBy && <span data-testid="offer-operated-by"> {operatedBy}</span>}{' '}
              </span>
            );
          })}
        </p>
      ))}
      <dl className="facts">
        <dt>Bags</dt>
        <dd data-testid="offer-bags">{bagsText(offer.baggage)}</dd>
        <dt>Refund</dt>
        <dd data-testid="offer-refund">{conditionText(offer.conditions.refund)}</dd>
        <dt>Change</dt>
        <dd data-testid="offer-change">{conditionText(offer.conditions.change)}</dd>
        <dt>Hold</dt>
        <dd>{offer.hold_available ? 'can be held, pay later' : 'pay now only'}</dd>
      </dl>
      {action}
    </article>
  );
}
