import type { ReactNode } from 'react';
import { bagsText, conditionText, localTime, stopsText } from '../../lib/booking';
import { airlineText, operatedByText, sourceText, type AirlineNames } from '../../lib/carriers';
import { formatMoney } from '../../lib/format';
import { brandOf, dayChangeText, durationText, sliceEnds, type Itinerary } from '../../lib/itineraries';
import type { Offer } from './offer-card';

/**
 * One itinerary as airline sites show it: its flights once on the left (times, "+1" on a later
 * arrival day, total time, stops, the airlines by name, "operated by" where another flies a
 * flight), and each brand sold for them as a column on the right (price, bags, change, refund,
 * cabin, who sells it) with its own Choose button.
 */
export function ItineraryRow({
  itinerary,
  names,
  choose,
}: {
  itinerary: Itinerary<Offer>;
  names: AirlineNames;
  choose: (offer: Offer) => ReactNode;
}) {
  const carriers = [...new Set(itinerary.slices.flatMap((s) => s.segments.map((g) => g.marketing_carrier)))];
  const label = `${carriers.map((c) => names.get(c) ?? c).join(', ')}, cheapest ${formatMoney(itinerary.offers[0]!.total_amount, itinerary.offers[0]!.currency)}`;
  return (
    <article className="itinerary" aria-label={label}>
      <div className="itinerary-flights">
        <strong data-testid="itinerary-airlines">{carriers.map((c) => airlineText(c, names)).join(', ')}</strong>
        {itinerary.slices.map((slice, i) => {
          const { departingAt, arrivingAt } = sliceEnds(slice);
          return (
            <div key={i} className="slice" data-testid="itinerary-slice">
              <p className="times">
                <strong data-testid="slice-departs">{localTime(departingAt)}</strong> {slice.origin} →{' '}
                <strong data-testid="slice-arrives">{localTime(arrivingAt)}</strong>
                {dayChangeText(departingAt, arrivingAt) && (
                  <sup data-testid="day-change" title="arrives on a later day">
                    {dayChangeText(departingAt, arrivingAt)}
                  </sup>
                )}{' '}
                {slice.destination}
              </p>
              <p className="hint">
                <span data-testid="slice-duration">{durationText(slice.duration_minutes)}</span> ·{' '}
                <span data-testid="slice-stops">{stopsText(slice.segments)}</span>
              </p>
              <ul className="flights">
                {slice.segments.map((s) => {
                  const operatedBy = operatedByText(s, names);
                  return (
                    <li key={s.segment_id}>
                      {s.marketing_carrier}
                      {s.flight_number} {localTime(s.departing_at)}–{localTime(s.arriving_at)}
                      {operatedBy && <span data-testid="offer-operated-by"> {operatedBy}</span>}
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
      </div>
      <div className="fares" role="list" aria-label="Brands">
        {itinerary.offers.map((offer) => (
          <div
            key={offer.offer_id}
            className="fare"
            role="listitem"
            aria-label={`${brandOf(offer)} ${formatMoney(offer.total_amount, offer.currency)}`}
          >
            <strong data-testid="offer-brand">{brandOf(offer)}</strong>
            <strong data-testid="offer-price" className="price">
              {formatMoney(offer.total_amount, offer.currency)}
            </strong>
            <dl>
              <dt>Bags</dt>
              <dd data-testid="offer-bags">{bagsText(offer.baggage)}</dd>
              <dt>Change</dt>
              <dd data-testid="offer-change">{conditionText(offer.conditions.change)}</dd>
              <dt>Refund</dt>
              <dd data-testid="offer-refund">{conditionText(offer.conditions.refund)}</dd>
              <dt>Cabin</dt>
              <dd>{offer.cabin?.replace('_', ' ') ?? '—'}</dd>
              <dt>Hold</dt>
              <dd>{offer.hold_available ? 'can be held' : 'pay now only'}</dd>
              <dt>Fare of</dt>
              <dd data-testid="offer-airline">{airlineText(offer.airline, names)}</dd>
              <dt>Sold</dt>
              <dd data-testid="offer-source">{sourceText(offer.airline, offer.source)}</dd>
            </dl>
            {choose(offer)}
          </div>
        ))}
      </div>
    </article>
  );
}
