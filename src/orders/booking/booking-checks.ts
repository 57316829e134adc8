import { badRequest, unprocessable } from '../../platform/errors.js';
import { splitOfferId } from '../../connectors/offer-id.js';
import { unknownOfferAirline } from '../../connectors/offer-id-refusal.js';
import { knownOfferFacts } from '../../connectors/offer-facts.js';
import { DEFAULT_PASSENGER_RULES } from '../../connectors/passenger-rules.js';
import type { OrderScope } from '../order-record.js';
import type { BookingDeps } from './booking-deps.js';
import { partnerRefusal } from './booking-refusals.js';
import { usableCredit } from './credit-payment.js';
import { passengersOf, paymentOf, requirePaymentType } from './inputs.js';
import { checkPassengerAges, checkPassengerCounts } from './passenger-ages.js';
import { checkPassengerDetails } from './passenger-details.js';
import { statedAmountOf } from './price-acceptance.js';
import type { CreateOrderBody } from './schemas.js';

/**
 * The first step of booking: everything that can be refused without the airline is refused here,
 * from the body and from what the offer id itself says. What it settles is what the later steps use.
 */
export async function prepareBooking(deps: BookingDeps, scope: OrderScope, body: CreateOrderBody) {
  if (!body.offer_id) throw badRequest('offer_id is required', 'offer_id_required');
  if (!body.passengers || body.passengers.length === 0)
    throw badRequest('at least one passenger is required', 'passengers_required');
  const source = splitOfferId(body.offer_id)?.source;
  const connector = source ? deps.connectors.get(source) : undefined;
  if (!connector)
    throw unknownOfferAirline(
      body.offer_id,
      undefined,
      deps.connectors.all().map((c) => c.code),
    );
  // Rule 7 of the contract: refused before any airline call, from what the offer id itself says.
  // An id this gateway did not issue is refused here, before the re-price would call the airline.
  const facts = knownOfferFacts(connector, body.offer_id);
  if (facts.partnerOperatedConnection) throw partnerRefusal(connector.code);
  // The passengers the offer was priced for, each of the type their age makes them on the flights'
  // dates: from the id when it says (no airline call), else from the re-priced offer below.
  const rules = connector.passengerRules ?? DEFAULT_PASSENGER_RULES;
  if (facts.passengers) checkPassengerCounts(body.passengers, facts.passengers);
  if (facts.departureDates) checkPassengerAges(body.passengers, rules, facts.departureDates, connector.code);
  checkPassengerDetails(body.passengers, body.contact, connector.passengerDetails, connector.name);
  const stated = statedAmountOf(body);
  // 3-D Secure data an airline cannot carry (AA, the contract's 422) is refused rather than dropped,
  // so a seller never believes an unauthenticated payment was authenticated. VS carries it.
  const carriesAuthentication = connector.carriesPaymentAuthentication === true;
  if (body.payment?.authentication && !carriesAuthentication) {
    throw unprocessable(
      `payment.authentication cannot be carried by ${connector.code}; omit it`,
      'payment_authentication_unsupported',
    );
  }
  const passengers = passengersOf(body);
  const contactEmail = body.contact?.email ?? passengers.find((p) => p.email)?.email;
  if (!contactEmail) throw badRequest('contact.email is required (or an email on a passenger)', 'contact_required');
  const contact = { email: contactEmail, phone: body.contact?.phone ?? passengers.find((p) => p.phone)?.phone ?? null };
  const payment = paymentOf(body, carriesAuthentication) ?? { type: 'hold' as const };
  requirePaymentType(connector, payment.type);
  // A trip credit is found and checked (airline, status, expiry, traveller) before any airline call.
  const credit =
    payment.type === 'airline_credit'
      ? await usableCredit(deps.db, scope, payment.ticketNumber, { airline: connector.code, passengers, now: deps.clock() })
      : null;
  if (payment.type === 'airline_credit') payment.issuedOn = credit?.credit.issuedOn ?? null;
  // Paying now tickets: in production that needs accreditation, refused before any airline call.
  if (payment.type !== 'hold') await deps.requireAccreditation?.(scope);
  const ctx = { environment: scope.environment };
  const offerId: string = body.offer_id;
  return { offerId, connector, facts, rules, stated, passengers, contact, payment, credit, ctx };
}

export type PreparedBooking = Awaited<ReturnType<typeof prepareBooking>>;
