import { useState, type FormEvent } from 'react';
import type { CreateOrderBody } from '../../data/booking';
import { useOrders } from '../../data/orders';
import { passengerBody, type PassengerDraft } from '../../lib/booking';

export type PaymentChoice = 'hold' | 'agency_account' | `crd_${string}`;

interface UsableCredit {
  creditId: string;
  label: string;
}

/**
 * The agency's available trip credits of this airline whose traveller (name and birth date) is
 * among the passengers typed: each a way to pay. The gateway checks again, with the amount.
 */
function useTravellerCredits(airline: string, passengers: PassengerDraft[]): UsableCredit[] {
  // The orders list of the test environment (the dashboard's default): credits of test bookings.
  const orders = useOrders({ has_credit: true, airline, limit: 100 });
  const key = (given: string, family: string, born: string) => `${given.trim()}|${family.trim()}|${born}`.toLowerCase();
  const typed = new Set(passengers.map((p) => key(p.given_name, p.family_name, p.born_on)));
  return (orders.data?.orders ?? []).flatMap((order) =>
    order.credits.flatMap((c) => {
      const holder = order.passengers.find((p) => p.passenger_id === c.passenger_id);
      if (
        c.status !== 'available' ||
        !c.credit_id ||
        !holder ||
        !typed.has(key(holder.given_name, holder.family_name, holder.born_on ?? ''))
      )
        return [];
      return [
        {
          creditId: c.credit_id,
          label: `Trip credit of ${holder.given_name} ${holder.family_name}: ${c.currency} ${c.amount.toFixed(2)}, until ${c.expires_at.slice(0, 10)} (order ${order.pnr})`,
        },
      ];
    }),
  );
}

/**
 * Names, date of birth and gender of each traveller, the booking contact, then hold (pay later,
 * when the airline offers it), pay now on the agency's account (tickets at once), or pay now with
 * an available trip credit of one of these travellers.
 */
export function PassengersForm({
  initial,
  holdable,
  airline,
  busy,
  onBook,
}: {
  initial: PassengerDraft[];
  holdable: boolean;
  airline: string;
  busy: boolean;
  onBook: (body: Omit<CreateOrderBody, 'offer_id'>) => void;
}) {
  const [passengers, setPassengers] = useState(initial);
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [payment, setPayment] = useState<PaymentChoice>(holdable ? 'hold' : 'agency_account');
  const credits = useTravellerCredits(airline, passengers);
  const change = (i: number, patch: Partial<PassengerDraft>) =>
    setPassengers(passengers.map((p, n) => (n === i ? { ...p, ...patch } : p)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onBook({
      passengers: passengers.map(passengerBody),
      contact: { email: email.trim(), ...(phone.trim() ? { phone: phone.trim() } : {}) },
      payment: payment.startsWith('crd_')
        ? { type: 'airline_credit', credit_id: payment }
        : { type: payment as 'hold' | 'agency_account' },
    });
  };
  return (
    <form onSubmit={submit} aria-label="Passengers and payment">
      {passengers.map((p, i) => (
        <fieldset key={i} className="row">
          <legend>
            Passenger {i + 1} ({p.type})
          </legend>
          <label>
            Given name
            <input required maxLength={60} value={p.given_name} onChange={(e) => change(i, { given_name: e.target.value })} />
          </label>
          <label>
            Last name
            <input required maxLength={60} value={p.family_name} onChange={(e) => change(i, { family_name: e.target.value })} />
          </label>
          <label>
            Date of birth
            <input required type="date" value={p.born_on} onChange={(e) => change(i, { born_on: e.target.value })} />
          </label>
          <label>
            Gender
            <select value={p.gender} onChange={(e) => change(i, { gender: e.target.value as PassengerDraft['gender'] })}>
              <option value="">not given</option>
              <option value="f">female</option>
              <option value="m">male</option>
              <option value="x">unspecified (X)</option>
            </select>
          </label>
        </fieldset>
      ))}
      <fieldset className="row">
        <legend>Contact</legend>
        <label>
          E-mail
          <input required type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label>
          Phone (optional)
          <input type="tel" maxLength={30} value={phone} onChange={(e) => setPhone(e.target.value)} />
        </label>
      </fieldset>
      <fieldset className="row">
        <legend>Payment</legend>
        <label>
          <input
            type="radio"
            name="payment"
            checked={payment === 'hold'}
            disabled={!holdable}
            onChange={() => setPayment('hold')}
          />
          Hold, pay later{holdable ? '' : ' (not offered by the airline for this fare)'}
        </label>
        <label>
          <input
            type="radio"
            name="payment"
            checked={payment === 'agency_account'}
            onChange={() => setPayment('agency_account')}
          />
          Pay now on the agency account (tickets at once)
        </label>
        {credits.map((c) => (
          <label key={c.creditId}>
            <input
              type="radio"
              name="payment"
              checked={payment === c.creditId}
              onChange={() => setPayment(c.creditId as PaymentChoice)}
            />
            {c.label}; the rest stays as a new credit
          </label>
        ))}
      </fieldset>
      <button type="submit" disabled={busy}>
        {busy ? 'Booking…' : payment === 'hold' ? 'Hold the booking' : 'Book and pay'}
      </button>
    </form>
  );
}
