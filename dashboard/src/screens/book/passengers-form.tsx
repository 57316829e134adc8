import { useState, type FormEvent } from 'react';
import type { CreateOrderBody } from '../../data/booking';
import { passengerBody, type PassengerDraft } from '../../lib/booking';

export type PaymentChoice = 'hold' | 'agency_account';

/**
 * Names, date of birth and gender of each traveller, the booking contact, then hold (pay later,
 * when the airline offers it) or pay now on the agency's account (tickets at once).
 */
export function PassengersForm({
  initial,
  holdable,
  busy,
  onBook,
}: {
  initial: PassengerDraft[];
  holdable: boolean;
  busy: boolean;
  onBook: (body: Omit<CreateOrderBody, 'offer_id'>) => void;
}) {
  const [passengers, setPassengers] = useState(initial);
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [payment, setPayment] = useState<PaymentChoice>(holdable ? 'hold' : 'agency_account');
  const change = (i: number, patch: Partial<PassengerDraft>) =>
    setPassengers(passengers.map((p, n) => (n === i ? { ...p, ...patch } : p)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onBook({
      passengers: passengers.map(passengerBody),
      contact: { email: email.trim(), ...(phone.trim() ? { phone: phone.trim() } : {}) },
      payment: { type: payment },
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
      </fieldset>
      <button type="submit" disabled={busy}>
        {busy ? 'Booking…' : payment === 'hold' ? 'Hold the booking' : 'Book and pay'}
      </button>
    </form>
  );
}
