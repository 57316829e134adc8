import type { ConnectorRegistry } from '../../connectors/connector-registry.js';
import { soldFareOf } from '../sold-fare.js';
import type { Offer } from '../../connectors/connector-types.js';
import type { PassengerInput, PricedExtra } from '../../connectors/order-types.js';
import type { Db } from '../../platform/db/database.js';
import type { OrderRow } from '../../platform/db/rows.js';
import { AppError, badRequest, unavailable, unprocessable } from '../../platform/errors.js';
import { splitOfferId } from '../../connectors/offer-id.js';
import { unknownOfferAirline } from '../../connectors/offer-id-refusal.js';
import { departureDatesOf, explainExpiry, hasPartnerOperatedConnection, knownOfferFacts } from '../../connectors/offer-facts.js';
import { extrasOf, passengersOf, paymentOf, travelKey } from './inputs.js';
import { recordCreditUse, requireCreditCovers, usableCredit } from './credit-payment.js';
import { checkPassengerAges, checkPassengerCounts } from './passenger-ages.js';
import { checkPassengerDetails } from './passenger-details.js';
import { requireAcceptedPrice, statedAmountOf } from './price-acceptance.js';
import { DEFAULT_PASSENGER_RULES } from '../../connectors/passenger-rules.js';
import { completeBooking, releaseBooking } from './completion.js';
import { insertIntent } from './intent-store.js';
import { BOOKING_LEASE_MS } from './recovery.js';
import { BeforeAirlineError, OutcomeUnknownError, withIdempotency } from './idempotency-service.js';
import { handOverKey, type KeyHolder } from './idempotency-store.js';
import { newOrderId } from '../order-access.js';
import type { OrderDetails, OrderScope } from '../order-record.js';
import { findOrder } from '../order-store.js';
import { claimTravel, nothingBooked } from './travel-claim.js';
import { failureToHttp } from '../../connectors/failure-http.js';
import type { CreateOrderBody } from './schemas.js';

/** Refuses ticketing in production for an agency without an accreditation number (403 accreditation_required). */
export type RequireAccreditation = (scope: { agencyId: string; environment: 'test' | 'live' }) => Promise<void>;

export interface BookingDeps {
  db: Db;
  connectors: ConnectorRegistry;
  clock: () => Date;
  /** Absent where nothing tickets (the dashboard's cancel). */
  requireAccreditation?: RequireAccreditation;
}

/**
 * POST /v1/orders. Everything that can be refused without the airline is refused first; the
 * offer is re-priced (it proves the offer alive and gives the flights for the travel claim);
 * only then is the airline asked to book, once per Idempotency-Key and once per open travel.
 */
export async function createOrder(
  deps: BookingDeps,
  scope: OrderScope,
  body: CreateOrderBody,
  idempotencyKey: string | null,
): Promise<{ order: OrderRow; replayed: boolean }> {
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
  // A trip credit is found and checked (airline, status, expiry, traveller) before any airline call.
  const credit =
    payment.type === 'airline_credit'
      ? await usableCredit(deps.db, scope, payment.ticketNumber, { airline: connector.code, passengers, now: deps.clock() })
      : null;
  if (payment.type === 'airline_credit') payment.issuedOn = credit?.credit.issuedOn ?? null;
  // Paying now tickets: in production that needs accreditation, refused before any airline call.
  if (payment.type !== 'hold') await deps.requireAccreditation?.(scope);
  const ctx = { environment: scope.environment };

  const book = async (holder: KeyHolder | null): Promise<string> => {
    const priced = await connector.price([body.offer_id!], ctx);
    if (!priced.ok)
      throw new BeforeAirlineError(
        explainExpiry(failureToHttp(priced.failure, 'offer'), connector, [body.offer_id!], deps.clock()),
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
    const intentId = await writeIntent(deps, scope, { airline: connector.code, offer, passengers, contact, holder });
    // From here on the airline may book: every failure either proves nothing was booked (and says
    // so with the airline's refusal) or leaves the intent to the recovery job.
    let created: Awaited<ReturnType<typeof connector.createOrder>>;
    try {
      created = await connector.createOrder(
        {
          offerId: offer.offerId,
          passengers,
          contact,
          extras: pricedExtras,
          payment,
          expectedTotal: offer.total,
          sellerReference: intentId,
        },
        ctx,
      );
    } catch (err) {
      throw new OutcomeUnknownError(err);
    }
    if (!created.ok) {
      const refusal = explainExpiry(failureToHttp(created.failure, 'offer'), connector, [body.offer_id!], deps.clock());
      // A time-out or an outage may have booked: the claim and the key stay until recovery knows.
      if (!nothingBooked(created.failure.kind)) throw new OutcomeUnknownError(refusal);
      try {
        await releaseBooking(deps.db, {
          intentId,
          now: deps.clock(),
          reason: created.failure.message,
          freeKey: false,
        });
      } catch (err) {
        throw new OutcomeUnknownError(err);
      }
      throw refusal;
    }
    let orderId: string;
    try {
      orderId = (await completeBooking(deps.db, { intentId, airlineOrder: created.value, now: deps.clock() })).orderId;
    } catch (err) {
      throw new OutcomeUnknownError(err);
    }
    // The booking stands whatever happens here: the credit's own order catches up at its next re-read.
    if (credit) await recordCreditUse(deps, credit, { orderId, actor: scope.actor }).catch(() => undefined);
    return orderId;
  };

  if (!idempotencyKey) {
    try {
      const id = await book(null);
      const order = await findOrder(deps.db, { id, agencyId: scope.agencyId, environment: scope.environment });
      return { order: order!, replayed: false };
    } catch (err) {
      if (err instanceof BeforeAirlineError) throw err.refusal;
      throw err instanceof OutcomeUnknownError ? err.cause : err;
    }
  }
  const outcome = await withIdempotency(
    deps.db,
    { agencyId: scope.agencyId, key: idempotencyKey, body, now: deps.clock() },
    book,
  );
  const order = await findOrder(deps.db, {
    id: outcome.orderId,
    agencyId: scope.agencyId,
    environment: scope.environment,
  });
  if (!order) throw new AppError(500, 'internal_error', 'the order of this Idempotency-Key is missing');
  return { order, replayed: outcome.kind === 'replay' };
}

/**
 * One transaction: the travel claim (the claim, not a lookup, decides order_conflict: a lookup
 * lets simultaneous bookings all pass), the booking intent, and the key's hand-over to it. After
 * it commits, whatever happens to this process, the recovery job can finish the booking.
 */
async function writeIntent(
  deps: BookingDeps,
  scope: OrderScope,
  input: {
    airline: string;
    offer: Offer;
    passengers: PassengerInput[];
    contact: OrderDetails['contact'];
    holder: KeyHolder | null;
  },
): Promise<string> {
  const intentId = newOrderId(input.airline);
  const now = deps.clock();
  const key = travelKey(
    input.passengers,
    input.offer.slices.flatMap((s) =>
      s.segments.map((g) => ({ flightNumber: `${g.marketingCarrier}${g.marketingFlightNumber}`, departingAt: g.departingAt })),
    ),
  );
  const first = input.offer.slices[0];
  await deps.db.transaction().execute(async (trx) => {
    const claimId = await claimTravel(trx, { agencyId: scope.agencyId, environment: scope.environment, travelKey: key }, now);
    await insertIntent(trx, {
      id: intentId,
      agency_id: scope.agencyId,
      environment: scope.environment,
      airline: input.airline,
      idempotency_key: input.holder?.key ?? null,
      claim_id: claimId,
      booking: {
        passengers: input.passengers,
        contact: input.contact,
        origin: first?.origin ?? '',
        destination: first?.destination ?? '',
        keyId: scope.keyId,
        actor: scope.actor,
        conditions: {
          changes: input.offer.changes,
          refunds: input.offer.refunds,
          conditionsBySlice: input.offer.conditionsBySlice,
          conditionsByPassengerType: input.offer.conditionsByPassengerType,
        },
        sold: soldFareOf(input.offer),
      },
      created_at: now,
      lease_until: new Date(now.getTime() + BOOKING_LEASE_MS),
    });
    if (input.holder && !(await handOverKey(trx, input.holder, intentId))) {
      // Only a request that spent longer than the lease before the airline call gets here: the
      // recovery job has already freed its key as abandoned.
      throw new BeforeAirlineError(unavailable('the booking took too long to reach the airline; retry'));
    }
  });
  return intentId;
}

function holdRefusal(airline: string): AppError {
  return unprocessable(
    `payment: ${airline} does not hold this offer (its hold_available is false); pay at once with payment.type agency_account or card, or choose an offer that can be held`,
    'hold_not_available',
    { field: 'payment' },
  );
}

function partnerRefusal(airline: string): AppError {
  return unprocessable(
    `this offer connects onto a flight operated by a partner airline, which ${airline} does not confirm at booking; choose an offer ${airline} operates throughout`,
    'partner_operated_connection',
  );
}
