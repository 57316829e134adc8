import { ColumnHeads } from '../../components/column-heads';
import { operatedByText } from '../../lib/carriers';
import { changeTermText, refundTermText } from '../../lib/fare-terms';
import { cabinText, formatInstant, formatMoney } from '../../lib/format';

/** What an order says was sold and what may be done with it: segments, conditions, taxes, tickets, credits, actions. */

interface Bags {
  passenger_id: string;
  checked_bags: number | null;
  carry_on_bags: number | null;
  description: string | null;
}

interface SoldSegment {
  segment_id: string;
  marketing_carrier: string;
  flight_number: string;
  operating_carrier: string;
  operating_carrier_name: string | null;
  origin: string;
  destination: string;
  departing_at: string;
  cabin: string | null;
  cabin_marketing_name: string | null;
  booking_class: string | null;
  fare_brand: string | null;
  status: string;
  baggage: Bags[];
}

const bagsText = (b: Bags) =>
  [
    b.checked_bags === null ? null : `${b.checked_bags} checked`,
    b.carry_on_bags === null ? null : `${b.carry_on_bags} carry-on`,
    b.description,
  ]
    .filter(Boolean)
    .join(', ') || '—';

export function SoldSegments({ segments }: { segments: SoldSegment[] }) {
  return (
    <table data-testid="order-segments">
      <ColumnHeads names={['Flight', 'From', 'To', 'Departs', 'Brand', 'Cabin', 'Class', 'Bags (per passenger)', 'Status']} />
      <tbody>
        {segments.map((s) => {
          const operatedBy = operatedByText(s);
          return (
            <tr key={s.segment_id}>
              <td>
                {s.marketing_carrier}
                {s.flight_number}
                {operatedBy && <div data-testid="segment-operated-by">{operatedBy}</div>}
              </td>
              <td>{s.origin}</td>
              <td>{s.destination}</td>
              <td>{formatInstant(s.departing_at)}</td>
              <td>{s.fare_brand ?? '—'}</td>
              <td>{cabinText(s)}</td>
              <td>{s.booking_class ?? '—'}</td>
              <td>
                {s.baggage.length === 0
                  ? '—'
                  : s.baggage.map((b) => (
                      <div key={b.passenger_id}>
                        {b.passenger_id}: {bagsText(b)}
                      </div>
                    ))}
              </td>
              <td>{s.status}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

interface Term {
  allowed: boolean;
  fee_amount: number | null;
  fee_currency: string | null;
}

const money = (amount: number, currency: string | null) => formatMoney(amount, currency);

export function ConditionsFacts({
  conditions,
}: {
  conditions: {
    change: (Term & { fare_difference_applies: boolean | null }) | null;
    refund: (Term & { method: string }) | null;
  } | null;
}) {
  if (!conditions) return <p>No fare conditions kept for this order.</p>;
  return (
    <dl className="facts" data-testid="order-conditions">
      <dt>Change of flights</dt>
      <dd data-testid="order-change-term">{changeTermText(conditions.change, money)}</dd>
      <dt>Cancellation</dt>
      <dd data-testid="order-refund-term">{refundTermText(conditions.refund, money)}</dd>
    </dl>
  );
}

interface TaxedPassenger {
  passenger_id: string;
  given_name: string;
  family_name: string;
  tax_lines: { code: string; name: string | null; amount: number }[];
}

export function PassengerTaxes({ passengers, currency }: { passengers: TaxedPassenger[]; currency: string }) {
  if (passengers.every((p) => p.tax_lines.length === 0)) return <p>The airline did not itemise the taxes.</p>;
  return (
    <ul data-testid="order-taxes">
      {passengers.map((p) => (
        <li key={p.passenger_id}>
          {p.given_name} {p.family_name}:{' '}
          {p.tax_lines.map((t) => `${t.code} ${formatMoney(t.amount, currency)}`).join(', ') || '—'}
        </li>
      ))}
    </ul>
  );
}

interface Document {
  ticket_number: string;
  passenger_id: string;
  document_type: string;
  /** An EMD's value (a paid seat or service); null for a ticket. */
  amount?: { amount: number; currency: string } | null;
  coupons: { coupon_number: number; segment_id: string | null; status: string; state: string }[];
}

export function TicketDocuments({ tickets }: { tickets: Document[] }) {
  if (tickets.length === 0) return <p>No tickets.</p>;
  return (
    <ul data-testid="order-tickets">
      {tickets.map((t) => (
        <li key={t.ticket_number}>
          {t.document_type === 'emd' ? 'EMD' : 'Ticket'} {t.ticket_number} ({t.passenger_id})
          {t.amount ? ` ${formatMoney(t.amount.amount, t.amount.currency)}` : ''}:{' '}
          {t.coupons.map((c) => `coupon ${c.coupon_number} ${c.state}`).join(', ')}
        </li>
      ))}
    </ul>
  );
}

interface Credit {
  passenger_id: string;
  ticket_number: string | null;
  amount: number;
  currency: string;
  expires_at: string;
  status: string;
}

export function Credits({ credits }: { credits: Credit[] }) {
  if (credits.length === 0) return <p>No credits.</p>;
  return (
    <ul data-testid="order-credits">
      {credits.map((c) => (
        <li key={`${c.passenger_id}-${c.ticket_number ?? ''}`}>
          {formatMoney(c.amount, c.currency)} on ticket {c.ticket_number ?? '—'} ({c.passenger_id}), {c.status}, valid until{' '}
          {formatInstant(c.expires_at)}
        </li>
      ))}
    </ul>
  );
}

const ACTION: Record<string, string> = {
  pay: 'pay',
  cancel: 'cancel',
  change: 'change flights',
  refund: 'refund',
  seats: 'choose seats',
  add_services: 'add services',
  accept_change: 'accept the airline’s change',
};

export function AvailableActions({ actions }: { actions: string[] }) {
  return (
    <p data-testid="order-actions">
      {actions.length === 0
        ? 'Nothing can be done with this order now.'
        : `Possible now: ${actions.map((a) => ACTION[a] ?? a).join(', ')}.`}
    </p>
  );
}
