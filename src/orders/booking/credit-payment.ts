import type { ConnectorRegistry } from '../../connectors/connector-registry.js';
import type { Money } from '../../connectors/connector-types.js';
import type { OrderCredit, PassengerInput, PaymentInput } from '../../connectors/order-types.js';
import type { Db } from '../../platform/db/database.js';
import type { OrderRow } from '../../platform/db/rows.js';
import { formatMinor, toDecimal } from '../../platform/money.js';
import { unprocessable, type AppError } from '../../platform/errors.js';
import { creditExpiresAt, creditIdOf, heldCredits } from '../order-credits.js';
import { recordTransition } from '../order-lifecycle.js';
import type { Actor, OrderScope } from '../order-record.js';
import { isOpen } from '../order-status.js';
import { ordersHoldingCredit } from '../order-store.js';

/**
 * Paying with a trip credit (`payment.type` `airline_credit`): the credit is found among the
 * agency's orders and checked before any airline call — its airline, its status and expiry, its
 * traveller among the passengers, then (once the offer is re-priced) its value against the amount.
 * The airline then takes the ticket as payment and checks the same (docs/orders.md, "Credits").
 */
export interface CreditPayment {
  creditId: string;
  /** The order holding the credit (usually a cancelled one). */
  order: OrderRow;
  credit: OrderCredit;
}

type Reason = 'not_found' | 'used' | 'expired' | 'other_airline' | 'other_traveller' | 'insufficient';

const refusal = (reason: Reason, message: string, fields: Record<string, unknown> = {}): AppError =>
  unprocessable(`payment.credit_id: ${message}`, 'credit_not_usable', { field: 'payment.credit_id', reason, ...fields });

/** Names as airlines compare them: case, accents, spaces, hyphens, apostrophes and periods aside. */
const folded = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\s'.-]/g, '')
    .toLowerCase();

const sameTraveller = (a: PassengerInput, b: PassengerInput) =>
  folded(a.familyName) === folded(b.familyName) && folded(a.givenName) === folded(b.givenName) && a.bornOn === b.bornOn;

/** The credit `ticketNumber` names, checked for a booking of `passengers` with `airline` at `now`. */
export async function usableCredit(
  db: Db,
  scope: Pick<OrderScope, 'agencyId' | 'environment'>,
  ticketNumber: string,
  booking: { airline: string; passengers: PassengerInput[]; now: Date },
): Promise<CreditPayment> {
  const creditId = creditIdOf(ticketNumber)!;
  const holders = await ordersHoldingCredit(db, scope, ticketNumber);
  const found = holders
    .flatMap((order) => heldCredits(order).map((credit) => ({ order, credit })))
    .filter((h) => h.credit.ticketNumber === ticketNumber);
  // The airline's latest word: an available entry if any order still shows one.
  const held = found.find((h) => h.credit.status === 'available') ?? found[0];
  if (!held) throw refusal('not_found', `no credit ${creditId} in this agency's orders (${scope.environment})`);
  const { order, credit } = held;
  if (order.airline !== booking.airline)
    throw refusal(
      'other_airline',
      `credit ${creditId} is ${order.airline}'s (order ${order.id}); it pays only ${order.airline} flights, not this ${booking.airline} booking`,
    );
  if (credit.status === 'used') throw refusal('used', `credit ${creditId} has been used: its ticket was exchanged`);
  const expiresAt = creditExpiresAt(order, credit);
  if (expiresAt <= booking.now.toISOString())
    throw refusal('expired', `credit ${creditId} expired at ${expiresAt}`, { expires_at: expiresAt });
  const owner = order.details.passengers.find((p) => p.passengerId === credit.passengerId);
  if (!owner || !booking.passengers.some((p) => sameTraveller(p, owner)))
    throw refusal(
      'other_traveller',
      `credit ${creditId} is ${owner ? `${owner.givenName} ${owner.familyName}'s (born ${owner.bornOn})` : "another traveller's"}; a credit pays only its own traveller's booking, so that traveller must be among passengers`,
    );
  return { creditId, order, credit };
}

/**
 * The credit `payment` names, checked for paying `order` (a commit, a change or extras): its
 * traveller must be one of the order's. Null for any other payment. The payment then carries the
 * credit's original issue date, as the airline reads it.
 */
export async function orderCredit(
  deps: { db: Db; clock: () => Date },
  scope: Pick<OrderScope, 'agencyId' | 'environment'>,
  order: OrderRow,
  payment: PaymentInput | null,
): Promise<CreditPayment | null> {
  if (payment?.type !== 'airline_credit') return null;
  const credit = await usableCredit(deps.db, scope, payment.ticketNumber, {
    airline: order.airline,
    passengers: order.details.passengers,
    now: deps.clock(),
  });
  payment.issuedOn = credit.credit.issuedOn;
  return credit;
}

/** The credit pays the whole amount, or nothing is booked (a credit does not split with another payment here). */
export function requireCreditCovers(payment: CreditPayment, due: Money): void {
  const value = payment.credit.amount;
  if (value.currency === due.currency && value.amountMinor >= due.amountMinor) return;
  throw refusal(
    'insufficient',
    `credit ${payment.creditId} is worth ${value.currency} ${formatMinor(value.amountMinor, value.currency)}, ` +
      `less than the amount due ${due.currency} ${formatMinor(due.amountMinor, due.currency)}; pay by agency_account or card`,
    { credit_amount: toDecimal(value), amount_due: toDecimal(due), currency: due.currency },
  );
}

/**
 * After the airline took the credit: the order that held it is re-read, so its credit shows `used`
 * (history `credit_used`, naming the order it paid). A closed order announces nothing (its events
 * ended with `order.cancelled`); an open one `order.updated`. A failed re-read leaves it to the
 * next refresh: the airline already holds the truth.
 */
export async function recordCreditUse(
  deps: { db: Db; connectors: ConnectorRegistry; clock: () => Date },
  payment: CreditPayment,
  paid: { orderId: string; actor: Actor },
): Promise<void> {
  const source = payment.order;
  const connector = deps.connectors.get(source.source);
  if (!connector) return;
  // No write lease: the lifecycle's row lock is enough for this one re-read, and the lease's module
  // sits above booking (servicing takes it). A refusal or outage leaves it to the next refresh.
  const fresh = await connector.retrieveOrder(
    { airlineOrderId: source.airline_order_id, owner: source.airline_owner },
    { environment: source.environment },
  );
  if (!fresh.ok) return;
  await recordTransition(deps.db, source, {
    action: 'credit_used',
    actor: paid.actor,
    at: deps.clock(),
    airline: fresh.value,
    ...(isOpen(source.status) ? { details: {} } : {}),
    detail: { credit_id: payment.creditId, paid_order_id: paid.orderId },
  });
}
