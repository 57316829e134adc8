import { useState } from 'react';
import { ErrorNotice, Loading } from '../../components/error-notice';
import { useChangeQuote, useConfirmChange, useSeatMap } from '../../data/order-servicing';
import { formatMoney } from '../../lib/format';
import { ExtraQuoteDialog } from './extra-quote-dialog';

interface Part {
  passengers: { passenger_id: string; given_name: string; family_name: string; type: string }[];
  segments: { segment_id: string; origin: string; destination: string; status: string }[];
}

/**
 * A seat for one passenger on one segment: the order's seat map from the airline, a seat picked
 * (its price shown), the API's `ancillaries` quote, then its confirmation (`order.updated`).
 */
export function SeatPicker({ id, order }: { id: string; order: Part }) {
  const booked = order.segments.filter((s) => s.status !== 'cancelled');
  const seated = order.passengers.filter((p) => p.type !== 'infant');
  const [segmentId, setSegmentId] = useState(booked[0]?.segment_id ?? '');
  const [passengerId, setPassengerId] = useState(seated[0]?.passenger_id ?? '');
  const [shown, setShown] = useState(false);
  const [designator, setDesignator] = useState<string | null>(null);
  const map = useSeatMap(id, segmentId, { enabled: shown && segmentId !== '' });
  const quote = useChangeQuote(id);
  const quoteSeat = (designator: string) =>
    quote.mutate({ action: 'ancillaries', seats: [{ segment_id: segmentId, passenger_id: passengerId, designator }] });
  const commit = useConfirmChange(id, {
    onSuccess: () => {
      quote.reset();
      setDesignator(null);
    },
  });
  const seats = map.data?.seat_maps[0]?.seats ?? [];
  const chosen = seats.find((s) => s.seat === designator);
  const q = quote.data;

  return (
    <div aria-labelledby="seats-title">
      <h3 id="seats-title">Seats</h3>
      <div className="row">
        <label>
          Segment
          <select value={segmentId} onChange={(e) => (setSegmentId(e.target.value), setDesignator(null))}>
            {booked.map((s) => (
              <option key={s.segment_id} value={s.segment_id}>
                {s.origin} → {s.destination}
              </option>
            ))}
          </select>
        </label>
        <label>
          Passenger
          <select value={passengerId} onChange={(e) => setPassengerId(e.target.value)}>
            {seated.map((p) => (
              <option key={p.passenger_id} value={p.passenger_id}>
                {p.given_name} {p.family_name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => setShown(true)} disabled={segmentId === ''}>
          Show seat map
        </button>
      </div>
      {shown && map.isPending && <Loading what="the seat map" />}
      <ErrorNotice error={map.error} />
      {map.data && (
        <div role="group" aria-label="Available seats" className="seat-map">
          {seats
            .filter((s) => s.available)
            .map((s) => (
              <button key={s.seat} type="button" aria-pressed={designator === s.seat} onClick={() => setDesignator(s.seat)}>
                {s.seat}
              </button>
            ))}
        </div>
      )}
      {chosen && (
        <p data-testid="seat-price">
          Seat {chosen.seat}: {chosen.price_amount === null ? 'no charge' : formatMoney(chosen.price_amount, chosen.currency)}
          {chosen.characteristics.length > 0 ? ` (${chosen.characteristics.join(', ')})` : ''}{' '}
          <button type="button" disabled={quote.isPending} onClick={() => (commit.reset(), quoteSeat(chosen.seat))}>
            {quote.isPending ? 'Pricing…' : 'Quote this seat'}
          </button>
        </p>
      )}
      <ErrorNotice error={quote.error ?? (q ? null : commit.error)} />
      {q && q.quote_id && (
        <ExtraQuoteDialog
          what="seat"
          added={q.added_extras?.map((x) => x.designator ?? x.name).join(', ') ?? ''}
          amountDue={q.amount_due}
          total={q.total}
          confirming={commit.isPending}
          error={commit.error}
          onConfirm={() => commit.mutate(q.quote_id!)}
          onClose={() => quote.reset()}
        />
      )}
    </div>
  );
}
