// OrderReshop: a cancellation quote (UpdateOrder/CancelOrderRef, priced from the fare conditions),
// a quote for cancelling part of it (ServiceOrder/DeleteOrderItem alone, partial-cancellation.ts)
// or new flights for the order or one journey of it (ServiceOrder/AddOfferItems, reshop-flights.ts).
// OrderQuote: the order repriced as it stands (what paying a hold costs now).

import type { MessageHandler } from '../messages/message-handler.js';
import type { TestSystemDeps } from '../test-system-deps.js';
import { errorDocument } from '../wire/ndc-errors.js';
import { child, list, text, texts, type XmlObject } from '../wire/ndc-request-parser.js';
import { OFFER_TTL_MS } from '../offers/shopping-service.js';
import { booking, totalCents, type Booking } from './booking-record.js';
import { cancellationTerms } from './cancellation-terms.js';
import { orderNotFound } from './order-retrieve-handler.js';
import { flightServiceId, partialTerms, removalOf, removesEverything, type Removal } from './partial-cancellation.js';
import { cancelQuoteDocument, repriceDocument, type DeletedItem } from './reshop-builder.js';
import { reshopFlights, reshopQuoteId as quoteId } from './reshop-flights.js';

export const orderReshopHandler: MessageHandler = {
  message: 'OrderReshop',
  requestRoot: 'IATA_OrderReshopRQ',
  responseRoot: 'IATA_OrderReshopRS',
  route: () => undefined,
  handle(parsed, deps) {
    const now = deps.clock.now();
    const request = child(parsed.root, 'Request');
    const id = text(request, 'OrderRefID') ?? '';
    const b = booking(deps, id);
    if (!b) return orderNotFound(deps.profile, this.responseRoot, id);
    if (b.status === 'CANCELLED')
      return {
        status: 200,
        body: errorDocument(this.responseRoot, [deps.profile.errors.badRequest(`Order ${b.orderId} is cancelled`, 'OrderRefID')]),
      };
    if (child(request, 'UpdateOrder', 'CancelOrderRef')) {
      const q = { kind: 'cancel' as const, ...cancellationTerms(deps.profile, b, now), expiresAt: now + OFFER_TTL_MS };
      const offerId = quoteId(deps.profile);
      b.quotes.set(offerId, q);
      return { status: 200, body: cancelQuoteDocument(deps.profile, b, { offerId, q, now }) };
    }
    const serviceOrder = child(request, 'UpdateOrder', 'ReshopOrder', 'ReshopOrderChoice', 'ServiceOrder');
    if (serviceOrder && !child(serviceOrder, 'AddOfferItems'))
      return partialCancelQuote(deps, b, { serviceOrder, now, root: this.responseRoot });
    return reshopFlights(deps, b, { serviceOrder, now, root: this.responseRoot });
  },
};

/**
 * DeleteOrderItem without AddOfferItems: a quote for cancelling part of the order. A deletion that
 * leaves nothing booked is quoted as the whole order's cancellation.
 */
function partialCancelQuote(
  deps: TestSystemDeps,
  b: Booking,
  { serviceOrder, now, root }: { serviceOrder: XmlObject; now: number; root: string },
) {
  const deletions = list(serviceOrder, 'DeleteOrderItem').map((d) => ({
    itemId: text(d, 'OrderItemRefID') ?? '',
    retain: texts(d, 'RetainServiceID'),
  }));
  const removal = removalOf(deps.profile, b, deletions, now);
  if ('typeCode' in removal) return { status: 200, body: errorDocument(root, [removal]) };
  const offerId = quoteId(deps.profile);
  const expiresAt = now + OFFER_TTL_MS;
  if (removesEverything(b, removal)) {
    const q = { kind: 'cancel' as const, ...cancellationTerms(deps.profile, b, now), expiresAt };
    b.quotes.set(offerId, q);
    deps.bookings.save(b);
    return { status: 200, body: cancelQuoteDocument(deps.profile, b, { offerId, q, now }) };
  }
  const q = { kind: 'partial' as const, ...removal, ...partialTerms(deps, b, removal, now), expiresAt };
  b.quotes.set(offerId, q);
  deps.bookings.save(b);
  return { status: 200, body: cancelQuoteDocument(deps.profile, b, { offerId, q, now, deleted: deletedItems(b, removal) }) };
}

/** The items a removal touches: flights with the services that go, extras whole. */
function deletedItems(b: Booking, r: Removal): DeletedItem[] {
  const active = b.journey.segments.map((_, i) => i).filter((i) => !b.cancelledSegments?.includes(i));
  return b.items.flatMap((item): DeletedItem[] => {
    if (item.kind !== 'flight') return r.itemIds.includes(item.itemId) ? [{ itemId: item.itemId, serviceIds: null }] : [];
    const going = active.flatMap((i) =>
      item.paxIds.filter((p) => r.paxIds.includes(p) || r.segmentIndexes.includes(i)).map((p) => flightServiceId(item, i, p)),
    );
    return going.length > 0 ? [{ itemId: item.itemId, serviceIds: going }] : [];
  });
}

export const orderQuoteHandler: MessageHandler = {
  message: 'OrderQuote',
  requestRoot: 'IATA_OrderQuoteRQ',
  responseRoot: 'IATA_OrderReshopRS',
  route: () => undefined,
  handle(parsed, deps) {
    const id = text(child(parsed.root, 'Payload', 'ExistingOrder'), 'OrderID') ?? '';
    const b = booking(deps, id);
    if (!b) return orderNotFound(deps.profile, this.responseRoot, id);
    if (b.status === 'CANCELLED')
      return {
        status: 200,
        body: errorDocument(this.responseRoot, [deps.profile.errors.badRequest(`Order ${b.orderId} is cancelled`, 'OrderID')]),
      };
    return {
      status: 200,
      body: repriceDocument(deps.profile, b, {
        offerId: quoteId(deps.profile),
        totalCents: totalCents(b),
        now: deps.clock.now(),
      }),
    };
  },
};
