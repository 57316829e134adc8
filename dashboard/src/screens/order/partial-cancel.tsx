import { useState, type FormEvent } from 'react';
import { Dialog } from '../../components/dialog';
import { ErrorNotice } from '../../components/error-notice';
import { useCancelQuote, useConfirmCancel } from '../../data/order-servicing';
import { CancellationTerms } from './cancellation-terms';

interface Part {
  passengers: { passenger_id: string; given_name: string; family_name: string }[];
  segments: { segment_id: string; origin: string; destination: string; status: string }[];
}

/**
 * Cancel some passengers (on every segment) or some segments (for everyone): ticked boxes → the
 * API's quote (refund, penalty, whole or part) → confirm that quote by its id.
 */
export function PartialCancel({ id, order }: { id: string; order: Part }) {
  const [passengers, setPassengers] = useState<string[]>([]);
  const [segments, setSegments] = useState<string[]>([]);
  const quote = useCancelQuote(id);
  const confirm = useConfirmCancel(id, {
    onSuccess: () => {
      quote.reset();
      setPassengers([]);
      setSegments([]);
    },
  });
  const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
  const ask = (event: FormEvent) => {
    event.preventDefault();
    confirm.reset();
    quote.mutate({ passenger_ids: passengers, segment_ids: segments });
  };
  const q = quote.data;
  const booked = order.segments.filter((s) => s.status !== 'cancelled');
  return (
    <form onSubmit={ask} aria-labelledby="part-cancel-title">
      <h3 id="part-cancel-title">Cancel part of the order</h3>
      <fieldset>
        <legend>Passengers (on every segment still booked)</legend>
        {order.passengers.map((p) => (
          <label key={p.passenger_id} className="check">
            <input
              type="checkbox"
              checked={passengers.includes(p.passenger_id)}
              onChange={() => setPassengers(toggle(passengers, p.passenger_id))}
            />
            {p.given_name} {p.family_name}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Segments (for every passenger)</legend>
        {booked.map((s) => (
          <label key={s.segment_id} className="check">
            <input
              type="checkbox"
              checked={segments.includes(s.segment_id)}
              onChange={() => setSegments(toggle(segments, s.segment_id))}
            />
            {s.origin} → {s.destination}
          </label>
        ))}
      </fieldset>
      <button type="submit" disabled={quote.isPending || (passengers.length === 0 && segments.length === 0)}>
        {quote.isPending ? 'Asking the airline…' : 'Quote the cancellation'}
      </button>
      <ErrorNotice error={quote.error ?? (q ? null : confirm.error)} />
      {q && (
        <Dialog title="Cancel these?" onClose={() => quote.reset()}>
          <CancellationTerms quote={q} scope={q.scope} />
          <ErrorNotice error={confirm.error} />
          <div className="actions">
            <button
              type="button"
              className="danger"
              disabled={confirm.isPending}
              onClick={() => confirm.mutate(q.cancellation_quote_id)}
            >
              Confirm cancellation
            </button>
            <button type="button" onClick={() => quote.reset()}>
              Keep them
            </button>
          </div>
        </Dialog>
      )}
    </form>
  );
}
