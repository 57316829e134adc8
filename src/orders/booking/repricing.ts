import type { AppError } from '../../platform/errors.js';
import type { Offer } from '../../connectors/connector-types.js';
import type { PricedExtra } from '../../connectors/order-types.js';
import { departureDatesOf, explainExpiry, hasPartnerOperatedConnection } from '../../connectors/offer-facts.js';
import { failureToHttp } from '../../connectors/failure-http.js';
import type { BookingDeps } from './booking-deps.js';
import type { PreparedBooking } from './booking-checks.js';
import { holdRefusal, partnerRefusal } from './booking-refusals.js';
import { requireCreditCovers } from './credit-payment.js';
import { BeforeAirlineError } from './idempotency-service.js';
import { extrasOf } from './inputs.js';
import { checkPassengerAges } from './passenger-ages.js';
import { requireAcceptedPrice } from './price-acceptance.js';
import type { CreateOrderBody } from './schemas.js';

/** The offer as the airline prices it now, and the extras asked for priced against it. */
export interface RepricedBooking {
  offer: Offer;
  pricedExtras: PricedExtra[];
}

/**
 * The second step: the offer re-priced (it proves the offer alive and gives the flights for the
 * travel claim), its extras priced, and the price checked against what the seller showed or
 * stated. Every refusal here is a BeforeAirlineError: nothing has been asked to book yet.
 */
export async function repriceForBooking(
  deps: BookingDeps,
  body: CreateOrderBody,
  prepared: PreparedBooking,
): Promise<RepricedBooking> {
  const { connector, facts, rules, stated, payment, credit, ctx } = prepared;
  const priced = await connector.price([prepared.offerId], ctx);
  if (!priced.ok)
    throw new BeforeAirlineError(
      explainExpiry(failureToHttp(priced.failure, 'offer'), connector, [prepared.offerId], deps.clock()),
    );
  const offer = priced.value.offer;
  // The re-priced offer is the airline's word; an id from elsewhere could have hidden the leg.
  if (hasPartnerOperatedConnection(offer)) throw new BeforeAirlineError(partnerRefusal(connector.code));
  if (!facts.departureDates) {
    try {
      checkPassengerAges(body.passengers, rules, departureDatesOf(offer.slices), connector.code);
    } catch (err) {
      throw new BeforeAirlineError(err as AppError);
    }
  }
  // A hold the airline does not offer is refused here, before it is asked to book: its word now,
  // not the search's (AA stops holding 7 days before departure, which an old offer may cross).
  if (payment.type === 'hold' && !offer.holdable) throw new BeforeAirlineError(holdRefusal(connector.code));
  const extras = extrasOf(body);
  let pricedExtras: PricedExtra[] = [];
  if (extras.length > 0) {
    const answer = await connector.priceExtras({ kind: 'offer', offerId: offer.offerId }, extras, ctx);
    if (!answer.ok) throw new BeforeAirlineError(failureToHttp(answer.failure, 'extra'));
    pricedExtras = answer.value;
  }
  // Never a price the seller did not show or state: refused before OrderCreate, with the priced
  // offer to book instead. The shown price is the one the id was handed out at (offer-facts.ts).
  const extrasTotal = pricedExtras.reduce((sum, x) => sum + x.price.amountMinor, 0);
  try {
    requireAcceptedPrice(
      { amountMinor: offer.total.amountMinor + extrasTotal, currency: offer.total.currency },
      { stated, shown: null, what: 'the order', offerId: offer.offerId },
    );
    if (!stated) {
      requireAcceptedPrice(offer.total, {
        stated: null,
        shown: facts.shownTotal ?? null,
        what: 'the offer',
        offerId: offer.offerId,
      });
    }
    if (credit)
      requireCreditCovers(credit, { amountMinor: offer.total.amountMinor + extrasTotal, currency: offer.total.currency });
  } catch (err) {
    throw new BeforeAirlineError(err as AppError);
  }
  return { offer, pricedExtras };
}
