import { useState } from 'react';
import { ErrorNotice, Loading } from '../../components/error-notice';
import { useChangeQuote, useConfirmChange, useOrderServices } from '../../data/order-servicing';
import { formatMoney } from '../../lib/format';
import { ExtraQuoteDialog } from './extra-quote-dialog';

interface Part {
  passengers: { passenger_id: string; given_name: string; family_name: string }[];
  segments: { segment_id: string; origin: string; destination: string }[];
}

/**
 * A service (a bag, priority boarding, a meal…) for one passenger: the services the airline sells
 * for the booked order, each with its price, the API's `ancillaries` quote for the one chosen,
 * then its confirmation (`order.updated`), as seats.tsx does for a seat.
 */
export function ServicePicker({ id, order }: { id: string; order: Part }) {
  const [passengerId, setPassengerId] = useState(order.passengers[0]?.passenger_id ?? '');
  const [shown, setShown] = useState(false);
  const list = useOrderServices(id, { enabled: shown });
  const quote = useChangeQuote(id);
  const quoteService = (serviceId: string) =>
    quote.mutate({ action: 'ancillaries', services: [{ service_id: serviceId, passenger_id: passengerId }] });
  const commit = useConfirmChange(id, { onSuccess: () => quote.reset() });
  // What a service applies to: its segments by route, or the whole trip when the airline names none
  // (a bag is sold per journey).
  const route = new Map(order.segments.map((s) => [s.segment_id, `${s.origin} → ${s.destination}`]));
  const appliesTo = (segmentIds: string[]) =>
    segmentIds.length === 0 ? 'Whole trip' : segmentIds.map((s) => route.get(s) ?? s).join(', ');
  const offered = (list.data ?? []).filter((s) => s.passenger_ids.length === 0 || s.passenger_ids.includes(passengerId));
  const q = quote.data;

  return (
    <div aria-labelledby="services-title">
      <h3 id="services-title">Services</h3>
      <div className="row">
        <label>
          Passenger
          <select value={passengerId} onChange={(e) => (quote.reset(), setPassengerId(e.target.value))}>
            {order.passengers.map((p) => (
              <option key={p.passenger_id} value={p.passenger_id}>
                {p.given_name} {p.family_name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => setShown(true)} disabled={passengerId === ''}>
          Show services
        </button>
      </div>
      {shown && list.isPending && <Loading what="the services" />}
      <ErrorNotice error={list.error} />
      {list.data &&
        (offered.length === 0 ? (
          <p>The airline sells no services for this passenger on this order.</p>
        ) : (
          <table>
            <caption>Services the airline sells for this order</caption>
            <thead>
              <tr>
                <th scope="col">Service</th>
                <th scope="col">Applies to</th>
                <th scope="col">Price per passenger</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {offered.map((s) => (
                <tr key={s.service_id}>
                  <td>{s.name}</td>
                  <td>{appliesTo(s.segment_ids)}</td>
                  <td>{s.price_amount === null ? 'no charge' : formatMoney(s.price_amount, s.currency)}</td>
                  <td>
                    <button
                      type="button"
                      aria-label={`Quote ${s.name}, ${appliesTo(s.segment_ids)}`}
                      disabled={quote.isPending}
                      onClick={() => (commit.reset(), quoteService(s.service_id))}
                    >
                      Quote
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      <ErrorNotice error={quote.error ?? (q ? null : commit.error)} />
      {q && q.quote_id && (
        <ExtraQuoteDialog
          what="service"
          added={q.added_extras?.map((x) => x.name).join(', ') ?? ''}
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
