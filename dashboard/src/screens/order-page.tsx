import { ErrorNotice, Loading } from '../components/error-notice';
import { useOrder, useOrderHistory, useRefreshOrder } from '../data/orders';
import { sourceText } from '../lib/carriers';
import { orderControls } from '../lib/fare-terms';
import { formatInstant, formatMoney, lastChangeText } from '../lib/format';
import { AirlineChanges } from './order/airline-changes';
import { CancelOrder } from './order/cancel-order';
import { PartialCancel } from './order/partial-cancel';
import { RefundAction } from './order/refund';
import { SeatPicker } from './order/seats';
import { AvailableActions, ConditionsFacts, Credits, PassengerTaxes, SoldSegments, TicketDocuments } from './order/sold-facts';
import { ServicePicker } from './order/services';

/**
 * One order: the owner airline and the source that sold it, passengers, segments (operating airline, brand, cabin, class, bags), airline changes pending acceptance,
 * fare conditions, taxes, tickets and EMDs with coupon states, credits, what may be done now,
 * extras, amounts, the history timeline, refresh and servicing.
 */
export function OrderPage({ id }: { id: string }) {
  const order = useOrder(id);
  // Asked once the order answered: a wrong id is one error on the page, not two.
  const history = useOrderHistory(id, { enabled: order.isSuccess });
  const refresh = useRefreshOrder(id);

  const data = order.data;
  // Each action only where the gateway says it is possible now: never a button beside "not allowed".
  const controls = orderControls(data?.available_actions ?? []);
  return (
    <section aria-labelledby="order-title">
      <h1 id="order-title">Order {id}</h1>
      {order.isPending && <Loading what="the order" />}
      <ErrorNotice error={order.error ?? refresh.error} />
      {data && (
        <>
          <dl className="facts">
            <dt>Airline</dt>
            <dd data-testid="order-airline">{data.airline}</dd>
            <dt>Sold</dt>
            <dd data-testid="order-source">{sourceText(data.airline, data.source)}</dd>
            <dt>Status</dt>
            <dd data-testid="order-status">{data.status}</dd>
            <dt>PNR</dt>
            <dd>{data.pnr ?? '—'}</dd>
            <dt>Route</dt>
            <dd>
              {data.origin} → {data.destination}
            </dd>
            <dt>Total</dt>
            <dd>{formatMoney(data.total, data.currency)}</dd>
            <dt>Payment deadline</dt>
            <dd>{formatInstant(data.payment_deadline)}</dd>
          </dl>
          <AvailableActions actions={data.available_actions} />
          <div className="row">
            <button type="button" disabled={refresh.isPending} onClick={() => refresh.mutate()}>
              {refresh.isPending ? 'Asking the airline…' : 'Refresh from the airline'}
            </button>
            {controls.cancel && <CancelOrder id={id} />}
            {controls.refund && <RefundAction id={id} />}
          </div>
          {data.refund && (
            <p data-testid="order-refund">
              Refunded {formatMoney(data.refund.amount, data.refund.currency)} on {formatInstant(data.refund.refunded_at)}
            </p>
          )}
          {data.last_change && <p data-testid="order-last-change">{lastChangeText(data.last_change)}</p>}
          <h2>Passengers</h2>
          <ul>
            {data.passengers.map((p) => (
              <li key={p.passenger_id}>
                {p.given_name} {p.family_name} ({p.type})
              </li>
            ))}
          </ul>
          <h2>Segments</h2>
          <SoldSegments segments={data.segments} />
          <h2>Airline changes</h2>
          <AirlineChanges id={id} segments={data.segments} actions={data.available_actions} />
          <h2>Fare conditions</h2>
          <ConditionsFacts conditions={data.conditions} />
          <h2>Taxes</h2>
          <PassengerTaxes passengers={data.passengers} currency={data.currency} />
          <h2>Tickets and EMDs</h2>
          <TicketDocuments tickets={data.tickets} />
          <h2>Credits</h2>
          <Credits credits={data.credits} />
          <h2>Extras</h2>
          {data.extras.length === 0 ? (
            <p>No seats or services.</p>
          ) : (
            <ul>
              {data.extras.map((x, index) => (
                <li key={index}>
                  {x.kind}: {x.name}
                  {x.designator ? ` (${x.designator})` : ''}
                </li>
              ))}
            </ul>
          )}
          {(controls.seats || controls.services || controls.partialCancel) && (
            <>
              <h2>Servicing</h2>
              {controls.seats && <SeatPicker id={id} order={data} />}
              {controls.services && <ServicePicker id={id} order={data} />}
              {controls.partialCancel && <PartialCancel id={id} order={data} />}
            </>
          )}
        </>
      )}
      <h2>History</h2>
      {order.isSuccess && history.isPending && <Loading what="the history" />}
      <ErrorNotice error={history.error} />
      {history.data && (
        <ol className="timeline">
          {history.data.entries.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.at}>{formatInstant(entry.at)}</time> {entry.action} → {entry.status} by {entry.actor.kind}
              {entry.actor.on_behalf_of_agency_id ? ' (support, on the agency’s behalf)' : ''}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
