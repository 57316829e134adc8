// A trip credit spent as a form of payment: 21.3's PaymentProcessingDetails/PaymentMethod/
// AccountableDoc ("a previously issued accountable travel document ... which has an outstanding
// credit value"), DocNumber the original ticket's number, DocType T. The airline takes it for the
// amount it states when the ticket still holds that much credit (trip-credit.ts), its 12 months from
// the original issue have not run out, and the traveller is one of the booking's passengers (a trip
// credit is the named traveller's own, aa.com "Trip credit"). Spent, the old ticket is exchanged
// (coupons E: the order view then reads the credit as used) and what is left over stays as a
// credit on the new ticket of that traveller, as a cheaper exchange's difference does.

import { parseMinor } from '../../../platform/money.js';
import { formatAmount } from '../fares/fare-pricing.js';
import type { NdcErrorSpec } from '../wire/ndc-errors.js';
import { child, list, text, type XmlObject } from '../wire/ndc-request-parser.js';
import type { TestSystemDeps } from '../test-system-deps.js';
import { allBookings, type BookedPax, type Booking } from './booking-record.js';
import { mergeCredits } from './trip-credit.js';

/** A trip credit lasts 12 months from the original ticket's issue (AA's rule; docs/orders.md, "Credits"). */
const VALIDITY_MONTHS = 12;

export interface CreditUse {
  source: Booking;
  ticketNumber: string;
  holder: BookedPax;
  cents: number;
  creditCents: number;
}

const same = (a: string | null, b: string | null) => (a ?? '').trim().toUpperCase() === (b ?? '').trim().toUpperCase();

function expiresAt(issuedAt: number): number {
  const d = new Date(issuedAt);
  d.setUTCHours(23, 59, 59, 0);
  d.setUTCMonth(d.getUTCMonth() + VALIDITY_MONTHS);
  return d.getTime();
}

/**
 * Every AccountableDoc payment of the request, checked against the credits the airline holds, or
 * its refusal naming the first that cannot pay. `passengers` are the booking's being paid.
 */
export function creditUsesOf(
  deps: TestSystemDeps,
  request: XmlObject | undefined,
  passengers: BookedPax[],
): CreditUse[] | NdcErrorSpec {
  const uses: CreditUse[] = [];
  const refuse = (why: string) => deps.profile.errors.badRequest(why, 'AccountableDoc');
  for (const details of list(request, 'PaymentFunctions').flatMap((f) => list(f, 'PaymentProcessingDetails'))) {
    const doc = child(details, 'PaymentMethod', 'AccountableDoc');
    if (!doc) continue;
    const ticketNumber = text(doc, 'DocNumber') ?? '';
    const source = allBookings(deps).find((b) => b.credits?.some((c) => c.ticketNumber === ticketNumber));
    const credit = source?.credits?.find((c) => c.ticketNumber === ticketNumber);
    const ticket = source?.tickets.find((t) => t.number === ticketNumber);
    if (!source || !credit || !ticket || ticket.couponStatus !== 'I')
      return refuse(`Document ${ticketNumber} holds no credit value`);
    if (expiresAt(source.ticketedAt ?? source.createdAt) <= deps.clock.now())
      return refuse(`The credit of document ${ticketNumber} has expired`);
    const owner = source.passengers.find((p) => p.id === credit.paxId);
    const holder = passengers.find(
      (p) => owner && same(p.surname, owner.surname) && same(p.givenName, owner.givenName) && p.birthdate === owner.birthdate,
    );
    if (!owner || !holder)
      return refuse(`The credit of document ${ticketNumber} is not transferable: its traveller is not a passenger of this order`);
    const currency = String(child(details, 'Amount')?.['@CurCode'] ?? source.journey.currency);
    const cents = parseMinor(text(details, 'Amount') ?? '0', currency) ?? Number.NaN;
    if (currency !== source.journey.currency || !(cents > 0) || cents > credit.cents)
      return refuse(
        `Document ${ticketNumber} holds a credit of ${source.journey.currency} ${formatAmount(credit.cents, source.journey.currency)}: it cannot pay ${currency} ${text(details, 'Amount') ?? ''}`,
      );
    uses.push({ source, ticketNumber, holder, cents, creditCents: credit.cents });
  }
  return uses;
}

/**
 * Spends the credits on booking `b` once it is paid and ticketed: each old ticket exchanged, the
 * rest of its value a credit on the holder's new ticket.
 */
export function spendCredits(deps: TestSystemDeps, b: Booking, uses: CreditUse[]): void {
  for (const use of uses) {
    const old = use.source.tickets.find((t) => t.number === use.ticketNumber);
    if (old) old.couponStatus = 'E';
    use.source.version++;
    deps.bookings.save(use.source);
    const left = use.creditCents - use.cents;
    const ticket = b.tickets.find((t) => t.paxId === use.holder.id && t.couponStatus === 'I');
    if (left > 0 && ticket)
      b.credits = mergeCredits(b.credits ?? [], [{ paxId: use.holder.id, ticketNumber: ticket.number, cents: left }]);
  }
}
