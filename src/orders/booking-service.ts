import type { ConnectorRegistry } from '../connectors/connector-registry.js';
import type { Offer } from '../connectors/connector-types.js';
import type { AirlineOrder, PassengerInput } from '../connectors/order-types.js';
import type { Db } from '../platform/db/database.js';
import { AppError, badRequest, unprocessable } from '../platform/errors.js';
import { splitOfferId } from '../connectors/offer-id.js';
import { enqueueEvent, lifecyclePayload } from './event-outbox.js';
import { appendHistory } from './history-store.js';
import { extrasOf, passengersOf, paymentOf, travelKey } from './booking-inputs.js';
import { BeforeAirlineError, withIdempotency } from './idempotency-service.js';
import { newOrderId } from './order-access.js';
import type { OrderDetails, OrderRow, OrderScope } from './order-record.js';
import { hasPartnerOperatedConnection } from '../connectors/offer-facts.js';
import { addLookToBook } from '../shopping/shopping-store.js';
import { findOrder, insertOrder } from './order-store.js';
import { claimTravel, nothingBooked } from './travel-claim.js';
import { attachTravelClaim, deleteTravelClaim } from './travel-claim-store.js';
import { airlineError } from './order-view.js';
import type { CreateOrderBody } from './schemas.js';

/** Carriers whose NDC payment cannot carry 3-D Secure data (the contract's 422 for AA). */
const NO_PAYMENT_AUTHENTICATION = new Set(['AA']);

export interface BookingDeps {
  db: Db;
  connectors: ConnectorRegistry;
  clock: () => Date;
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
  const airline = splitOfferId(body.offer_id)?.airline;
  const connector = airline ? deps.connectors.get(airline) : undefined;
  if (!connector) throw badRequest('unknown airline', 'unknown_airline');
  // Rule 7 of the contract: refused before any airline call, from what the offer id itself says.
  if (connector.offerFacts(body.offer_id)?.partnerOperatedConnection) throw partnerRefusal(connector.code);
  if (body.payment?.authentication && NO_PAYMENT_AUTHENTICATION.has(connector.code)) {
    throw unprocessable(
      `payment.authentication cannot be carried by ${connector.code}; omit it`,
      'payment_authentication_unsupported',
    );
  }
  const passengers = passengersOf(body);
  const contactEmail = body.contact?.email ?? passengers.find((p) => p.email)?.email;
  if (!contactEmail) throw badRequest('contact.email is required (or an email on a passenger)', 'contact_required');
  const contact = { email: contactEmail, phone: body.contact?.phone ?? passengers.find((p) => p.phone)?.phone ?? null };
  const payment = paymentOf(body) ?? { type: 'hold' as const };
  const ctx = { environment: scope.environment };

  const book = async (): Promise<string> => {
    const priced = await connector.price([body.offer_id!], ctx);
    if (!priced.ok) throw new BeforeAirlineError(airlineError(priced.failure, 'offer'));
    const offer = priced.value.offer;
    // The re-priced offer is the airline's word; an id from elsewhere could have hidden the leg.
    if (hasPartnerOperatedConnection(offer)) throw new BeforeAirlineError(partnerRefusal(connector.code));
    const key = travelKey(
      passengers,
      offer.slices.flatMap((s) =>
        s.segments.map((g) => ({ flightNumber: `${g.marketingCarrier}${g.marketingFlightNumber}`, departingAt: g.departingAt })),
      ),
    );
    // The claim, not a lookup, decides order_conflict: a lookup lets simultaneous bookings all pass.
    const claimId = await claimTravel(
      deps.db,
      { agencyId: scope.agencyId, environment: scope.environment, travelKey: key },
      deps.clock(),
    );
    let created: Awaited<ReturnType<typeof connector.createOrder>>;
    let askedAirline = false;
    try {
      const extras = extrasOf(body);
      let pricedExtras: Awaited<ReturnType<typeof connector.priceExtras>> | null = null;
      if (extras.length > 0) {
        pricedExtras = await connector.priceExtras({ kind: 'offer', offerId: offer.offerId }, extras, ctx);
        if (!pricedExtras.ok) throw new BeforeAirlineError(airlineError(pricedExtras.failure, 'extra'));
      }
      askedAirline = true;
      created = await connector.createOrder(
        {
          offerId: offer.offerId,
          passengers,
          contact,
          extras: pricedExtras?.ok ? pricedExtras.value : [],
          payment,
          expectedTotal: offer.total,
        },
        ctx,
      );
    } catch (err) {
      // Only a failure before OrderCreate proves nothing was booked; after it the claim stays.
      if (!askedAirline) await deleteTravelClaim(deps.db, claimId);
      throw err;
    }
    // A refusal booked nothing and frees the travel; a time-out may have booked, so the claim stays
    // until it goes stale rather than letting a second booking of the same people through.
    if (!created.ok) {
      if (nothingBooked(created.failure.kind)) await deleteTravelClaim(deps.db, claimId);
      throw airlineError(created.failure, 'offer');
    }
    return storeNewOrder(deps, scope, {
      airline: connector.code,
      airlineOrder: created.value,
      passengers,
      contact,
      claimId,
      offer,
    });
  };

  if (!idempotencyKey) {
    try {
      const id = await book();
      return { order: (await findOrder(deps.db, id, scope.agencyId, scope.environment))!, replayed: false };
    } catch (err) {
      throw err instanceof BeforeAirlineError ? err.refusal : err;
    }
  }
  const outcome = await withIdempotency(
    deps.db,
    { agencyId: scope.agencyId, key: idempotencyKey, body, now: deps.clock() },
    book,
  );
  const order = await findOrder(deps.db, outcome.orderId, scope.agencyId, scope.environment);
  if (!order) throw new AppError(500, 'internal_error', 'the order of this Idempotency-Key is missing');
  return { order, replayed: outcome.kind === 'replay' };
}

function partnerRefusal(airline: string): AppError {
  return unprocessable(
    `this offer connects onto a flight operated by a partner airline, which ${airline} does not confirm at booking; choose an offer ${airline} operates throughout`,
    'partner_operated_connection',
  );
}

async function storeNewOrder(
  deps: BookingDeps,
  scope: OrderScope,
  input: {
    airline: string;
    airlineOrder: AirlineOrder;
    passengers: PassengerInput[];
    contact: OrderDetails['contact'];
    claimId: string;
    offer: Offer;
  },
): Promise<string> {
  const now = deps.clock();
  const a = input.airlineOrder;
  const first = a.segments[0] ?? null;
  const slices = input.offer.slices;
  const details: OrderDetails = {
    airline: a,
    passengers: input.passengers,
    contact: input.contact,
    pendingUpsell: null,
    refund: null,
  };
  return deps.db.transaction().execute(async (trx) => {
    const row = await insertOrder(trx, {
      id: newOrderId(input.airline),
      agency_id: scope.agencyId,
      environment: scope.environment,
      airline: input.airline,
      airline_order_id: a.airlineOrderId,
      airline_owner: a.owner,
      pnr: a.pnr,
      status: a.status === 'ticketed' ? 'ticketed' : 'hold',
      origin: slices[0]?.origin ?? first?.origin ?? '',
      destination: slices[0]?.destination ?? a.segments.at(-1)?.destination ?? '',
      currency: a.total.currency,
      total_minor: a.total.amountMinor,
      payment_deadline: a.status === 'hold' && a.paymentDeadline ? new Date(a.paymentDeadline) : null,
      contact_email: input.contact.email,
      details,
      created_by_key_id: scope.keyId,
      created_at: now,
    });
    await attachTravelClaim(trx, input.claimId, row.id);
    await appendHistory(trx, row.id, {
      action: 'created',
      status: row.status,
      actor: scope.actor,
      airlineReference: `${a.pnr} / ${a.airlineOrderId}`,
      detail: { tickets: a.tickets.map((t) => t.ticketNumber), total: a.total },
      at: now,
    });
    await enqueueEvent(trx, row, 'order.created', lifecyclePayload('order.created', row, now), now);
    // Look-to-book: the booking counts in the same transaction as the order, so it is exact.
    await addLookToBook(trx, [{ agencyId: scope.agencyId, day: now.toISOString().slice(0, 10), searches: 0, bookings: 1 }]);
    return row.id;
  });
}
