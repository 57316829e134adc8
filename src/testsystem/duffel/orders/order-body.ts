// Reading an order request's body as Duffel validates it: passengers against the offer, a payment
// of exactly the amount due, metadata within Duffel's bounds.

import type { OfferRecord } from '../shopping/offer-builder.js';
import { arr, isRealDate, obj, str, type Json } from '../wire/body.js';
import { DuffelApiError, invalid, required } from '../wire/duffel-errors.js';
import { fromWire, toWire } from '../wire/money.js';
import type { OrderPassenger } from './order-record.js';

const TITLES = ['mr', 'ms', 'mrs', 'miss', 'dr'];
const PAYMENT_TYPES = ['balance', 'arc_bsp_cash'];

/** One payment `{ type, amount, currency }` that must equal `due` in the order's currency. */
export function checkPayment(raw: unknown, path: string, due: number, currency: string): number {
  const p = obj(raw, path);
  const type = str(p, 'type', `${path}.type`);
  if (!PAYMENT_TYPES.includes(type))
    throw invalid(`${path}.type`, `type must be one of ${PAYMENT_TYPES.join(', ')}`, 'validation_inclusion');
  const currencyGiven = str(p, 'currency', `${path}.currency`);
  const amount = fromWire(p.amount);
  if (p.amount === undefined) throw required(`${path}.amount`);
  if (amount === null) throw invalid(`${path}.amount`, 'amount must be a decimal string such as "123.45"');
  if (currencyGiven !== currency || amount !== due)
    throw new DuffelApiError(422, 'validation_error', 'invalid_payment_amount', {
      title: 'Payment amount does not match',
      message: `The payment must be ${toWire(due)} ${currency}, the amount due`,
      source: { field: `${path}.amount`, pointer: `/${path.replace(/\./g, '/')}/amount` },
    });
  return amount;
}

export function parsePassengers(data: Json, offer: OfferRecord, now: number): OrderPassenger[] {
  const expected = new Map(offer.offer.passengers.map((p) => [p.id, p]));
  const seen = new Set<string>();
  const infantsTaken = new Set<string>();
  const passengers = arr(data, 'passengers', 'passengers', { min: 1, max: 9 }).map((raw, i): OrderPassenger => {
    const path = `passengers.${i}`;
    const p = obj(raw, path);
    const id = str(p, 'id', `${path}.id`);
    const offered = expected.get(id);
    if (!offered) throw invalid(`${path}.id`, `${id} is not a passenger of the selected offer`, 'validation_invalid');
    if (seen.has(id)) throw invalid(`${path}.id`, `${id} is given twice`, 'validation_invalid');
    seen.add(id);
    const title = str(p, 'title', `${path}.title`);
    if (!TITLES.includes(title))
      throw invalid(`${path}.title`, `title must be one of ${TITLES.join(', ')}`, 'validation_inclusion');
    const gender = str(p, 'gender', `${path}.gender`);
    if (gender !== 'm' && gender !== 'f') throw invalid(`${path}.gender`, 'gender must be m or f', 'validation_inclusion');
    const bornOn = str(p, 'born_on', `${path}.born_on`);
    if (!isRealDate(bornOn) || bornOn >= new Date(now).toISOString().slice(0, 10))
      throw invalid(`${path}.born_on`, 'born_on must be a past date (YYYY-MM-DD)');
    const email = str(p, 'email', `${path}.email`);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalid(`${path}.email`, 'email must be an email address');
    const phone = str(p, 'phone_number', `${path}.phone_number`);
    if (!/^\+[1-9]\d{6,14}$/.test(phone))
      throw invalid(`${path}.phone_number`, 'phone_number must be in E.164 format, such as +442080160509');
    let infant: string | null = null;
    if (p.infant_passenger_id !== undefined && p.infant_passenger_id !== null) {
      infant = str(p, 'infant_passenger_id', `${path}.infant_passenger_id`);
      if (offered.type !== 'adult' || expected.get(infant)?.type !== 'infant_without_seat' || infantsTaken.has(infant))
        throw invalid(
          `${path}.infant_passenger_id`,
          'infant_passenger_id must name an infant of the offer, once, on an adult',
          'validation_invalid',
        );
      infantsTaken.add(infant);
    }
    return {
      id,
      type: offered.type,
      title,
      gender,
      given_name: str(p, 'given_name', `${path}.given_name`, { max: 60 }),
      family_name: str(p, 'family_name', `${path}.family_name`, { max: 60 }),
      born_on: bornOn,
      email,
      phone_number: phone,
      infant_passenger_id: infant,
      loyalty_programme_accounts: Array.isArray(p.loyalty_programme_accounts) ? p.loyalty_programme_accounts : [],
    };
  });
  if (seen.size !== expected.size)
    throw invalid('passengers', 'Every passenger of the offer must be given', 'validation_invalid');
  const infants = offer.offer.passengers.filter((p) => p.type === 'infant_without_seat');
  if (infants.some((i) => !infantsTaken.has(i.id)))
    throw invalid('passengers', 'Each infant must be named by an adult’s infant_passenger_id', 'validation_invalid');
  return passengers;
}

/** The metadata Duffel allows: up to 50 string keys of at most 40 characters, values up to 500. */
export function parseMetadata(value: unknown, path: string): Record<string, string> {
  const m = obj(value, path);
  const entries = Object.entries(m);
  if (entries.length > 50) throw invalid(path, 'metadata can have at most 50 keys', 'validation_length');
  for (const [k, v] of entries) {
    if (k.length > 40) throw invalid(`${path}.${k}`, 'metadata keys are at most 40 characters', 'validation_length');
    if (typeof v !== 'string' || v.length > 500)
      throw invalid(`${path}.${k}`, 'metadata values are strings of at most 500 characters');
  }
  return m as Record<string, string>;
}
