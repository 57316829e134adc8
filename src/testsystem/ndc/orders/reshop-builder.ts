// IATA_OrderReshopRS bodies: the cancellation quote, reshop offers for new flights, and the
// reprice answer of OrderQuote (21.3 answers OrderQuote with OrderReshopRS).

import type { AirlineProfile } from '../airline-profile.js';
import { amount, flightLists, journeyList, paxList, paxSegmentList, ResponseIds } from '../messages/offer-xml-builder.js';
import { priceClassList } from '../messages/fare-xml-builder.js';
import { payloadAttributes } from '../wire/payload-attributes.js';
import { el, ndcDocument, type XmlNode, isoTimestamp } from '../wire/xml-builder.js';
import type { Booking } from './booking-record.js';
import { formatAmount, tripsOf, type PricedJourney } from '../fares/fare-pricing.js';
import { penaltyList, refundDiffPrice, type PenaltyListWire } from './penalty-list.js';

const ROOT = 'IATA_OrderReshopRS';

function priceDifferential(
  code: string,
  { diff, next, old, currency }: { diff: number; next: number; old: number; currency: string },
): XmlNode {
  return el('PriceDifferential', [
    el('DifferentialTypeCode', code),
    el('DiffPrice', [el('Price', [amount('TotalAmount', diff, currency)])]),
    el('NewPrice', [el('Price', [amount('TotalAmount', next, currency)])]),
    el('OldPrice', [el('Price', [amount('TotalAmount', old, currency)])]),
  ]);
}

function penalty(id: string, kind: 'Cancellation' | 'Change', cents: number, currency: string): XmlNode {
  return el('ChangeFees', [
    el('DescText', kind === 'Change' ? 'Change fee' : 'Cancellation fee'),
    el('PenaltyID', id),
    el('Price', [amount('TotalAmount', cents, currency)]),
    el('TypeCode', kind),
  ]);
}

/** An order item the quote deletes, and the services of it that go (all of them when absent). */
export interface DeletedItem {
  itemId: string;
  serviceIds: string[] | null;
}

/**
 * The cancellation quote: every item of the order (CancelOrderRef), or the items a partial deletion
 * touches, each with the services that go (FutureStatusCode CANCELLED); the first carries the
 * price differential: a refund, or the value kept as a trip credit. The penalty and refund travel
 * as the airline says them (profile.wire.cancelPenalty).
 */
export function cancelQuoteDocument(
  profile: AirlineProfile,
  b: Booking,
  {
    offerId,
    q,
    now,
    deleted = b.items.map((i) => ({ itemId: i.itemId, serviceIds: null })),
  }: {
    offerId: string;
    q: { refundCents: number; creditCents: number; penaltyCents: number; expiresAt: number };
    now: number;
    deleted?: DeletedItem[];
  },
): string {
  const wire = profile.wire.cancelPenalty;
  if (wire.shape === 'penaltyList') return penaltyListCancelQuote(profile, wire, b, { offerId, q, now, deleted });
  const value = q.refundCents + q.creditCents + q.penaltyCents;
  return ndcDocument(ROOT, [
    el('Response', [
      penalty('PEN_CXL', 'Cancellation', q.penaltyCents, b.journey.currency),
      el('DataLists', [paxList(b.pax)]),
      el('Order', [el('OrderID', b.orderId), el('OwnerCode', profile.ownerCode)]),
      el('ReshopResults', [
        el('ReshopOffers', [
          el('Offer', [
            ...deleted.map((item, i) =>
              deleteItem(item, offerId, i, () =>
                // 21.3's "Residual" is value the airline keeps for future use: a trip credit.
                q.creditCents > 0
                  ? priceDifferential('Residual', { diff: -q.creditCents, next: 0, old: value, currency: b.journey.currency })
                  : priceDifferential('Refund', { diff: -q.refundCents, next: 0, old: value, currency: b.journey.currency }),
              ),
            ),
            el('OfferExpirationTimeLimitDateTime', isoTimestamp(q.expiresAt)),
            el('OfferID', offerId),
            el('OwnerCode', profile.ownerCode),
            el('PenaltyRefID', 'PEN_CXL'),
            el('TotalPrice', [amount('TotalAmount', q.refundCents, b.journey.currency)]),
          ]),
        ]),
      ]),
    ]),
    payloadAttributes(now),
  ]);
}

/** A DeleteOrderItem of a cancellation quote; the first of them carries the differential. */
function deleteItem(item: DeletedItem, offerId: string, i: number, differential: () => XmlNode): XmlNode {
  return el('DeleteOrderItem', [
    el('ExistingOrderItem', [
      ...(item.serviceIds ?? []).map((id) =>
        el('ExistingService', [el('FutureStatusCode', 'CANCELLED'), el('ServiceRefID', id)]),
      ),
      el('OrderItemRefID', item.itemId),
    ]),
    el('OfferItemID', `${offerId}-${i + 1}`),
    i === 0 ? differential() : null,
  ]);
}

/**
 * VS's cancellation quote (OC_RFC_/OC_NonRFC_OrderReshopCancelRS.xml): no offer TotalPrice and no
 * ChangeFees; the refund is the differential's DueByAirlineAmount, the penalty a PenaltyList entry
 * its fare detail names.
 */
function penaltyListCancelQuote(
  profile: AirlineProfile,
  wire: PenaltyListWire,
  b: Booking,
  {
    offerId,
    q,
    now,
    deleted,
  }: {
    offerId: string;
    q: { refundCents: number; creditCents: number; penaltyCents: number; expiresAt: number };
    now: number;
    deleted: DeletedItem[];
  },
): string {
  const currency = b.journey.currency;
  const value = q.refundCents + q.creditCents + q.penaltyCents;
  const itemIds = new Set(deleted.map((d) => d.itemId));
  const paxIds = [...new Set(b.items.filter((i) => itemIds.has(i.itemId)).flatMap((i) => i.paxIds))];
  const differential = (): XmlNode =>
    q.creditCents > 0
      ? priceDifferential('Residual', { diff: -q.creditCents, next: 0, old: value, currency })
      : el('PriceDifferential', [
          el('DifferentialTypeCode', 'Refund'),
          refundDiffPrice(
            wire,
            { paxIds, refundCents: q.refundCents, valueCents: value, penalised: q.penaltyCents > 0 },
            currency,
          ),
          el('NewPrice', [el('Price', [amount('TotalAmount', 0, currency)])]),
          el('OldPrice', [el('Price', [amount('TotalAmount', value, currency)])]),
        ]);
  return ndcDocument(ROOT, [
    el('Response', [
      el('DataLists', [paxList(b.pax), penaltyList(wire, q.penaltyCents, currency)]),
      el('Order', [el('OrderID', b.orderId), el('OwnerCode', profile.ownerCode)]),
      el('ReshopResults', [
        el('ReshopOffers', [
          el('Offer', [
            ...deleted.map((item, i) => deleteItem(item, offerId, i, differential)),
            el('OfferExpirationTimeLimitDateTime', isoTimestamp(q.expiresAt)),
            el('OfferID', offerId),
            el('OwnerCode', profile.ownerCode),
          ]),
        ]),
      ]),
    ]),
    payloadAttributes(now),
  ]);
}

export interface ReshopChoice {
  offerId: string;
  /** The whole journey once accepted. */
  journey: PricedJourney;
  /** The flights the offer adds: the whole journey, or the one journey a slice change puts in. */
  added: PricedJourney;
  diffCents: number;
  /** The flight items' total once accepted. */
  newCents: number;
  dueCents: number;
  expiresAt: number;
  /** A slice change: the services of the journey it replaces (none for the whole itinerary). */
  deleted: DeletedItem[];
}

export function reshopOffersDocument(
  profile: AirlineProfile,
  b: Booking,
  { choices, penaltyCents, oldCents, now }: { choices: ReshopChoice[]; penaltyCents: number; oldCents: number; now: number },
): string {
  const ids = new ResponseIds(profile);
  const currency = b.journey.currency;
  const lowerFare = profile.sales.lowerFareDifference?.(b.journey.priceClass);
  const offers = choices.map((c) => {
    // A cheaper flight: the differential says whether the difference is refunded or kept as credit.
    const back = c.diffCents < 0 ? lowerFare : undefined;
    const diffType = c.diffCents >= 0 ? 'AddCol' : back === 'refund' ? 'Refund' : 'Residual';
    const backText =
      back && profile.texts.lowerFareDifference
        ? profile.texts.lowerFareDifference(`${currency} ${formatAmount(-c.diffCents, currency)}`, back)
        : null;
    // One PaxJourney per one-way trip: a round trip reshopped whole is two, as offers show it.
    const journeyIds = tripsOf(c.added).map((trip) => ids.journey(trip.map((s) => s.flight)));
    // The brand it reshops in, per journey, as VS's reshop answer names it (JourneyOverview).
    const pcId = ids.priceClass(
      c.added.priceClass,
      c.added.segments.map((s) => s.flight),
    );
    return el('Offer', [
      el('AddedOfferItem', [
        el('OfferItemID', `${c.offerId}-1`),
        el('ReshopPrice', [priceDifferential(diffType, { diff: c.diffCents, next: c.newCents, old: oldCents, currency })]),
        ...b.pax.flatMap((p) =>
          journeyIds.map((journeyId, n) =>
            el('Service', [
              el('OfferServiceAssociation', [el('PaxJourneyRef', [el('PaxJourneyRefID', journeyId)])]),
              el('PaxRefID', p.id),
              el('ServiceID', n === 0 ? `${c.offerId}-${p.id}` : `${c.offerId}-${p.id}-${n + 1}`),
            ]),
          ),
        ),
      ]),
      // A slice change names what it takes off: the old journey's services, the other journeys stay.
      ...c.deleted.map((item, i) =>
        el('DeleteOrderItem', [
          el('ExistingOrderItem', [
            ...(item.serviceIds ?? []).map((id) =>
              el('ExistingService', [el('FutureStatusCode', 'CANCELLED'), el('ServiceRefID', id)]),
            ),
            el('OrderItemRefID', item.itemId),
          ]),
          el('OfferItemID', `${c.offerId}-D${i + 1}`),
        ]),
      ),
      backText === null ? null : el('Desc', [el('DescText', backText)]),
      el(
        'JourneyOverview',
        journeyIds.map((journeyId) => el('JourneyPriceClass', [el('PaxJourneyRefID', journeyId), el('PriceClassRefID', pcId)])),
      ),
      el('OfferExpirationTimeLimitDateTime', isoTimestamp(c.expiresAt)),
      el('OfferID', c.offerId),
      el('OwnerCode', profile.ownerCode),
      el('PenaltyRefID', 'PEN_CHG'),
      el('TotalPrice', [amount('TotalAmount', c.dueCents, b.journey.currency)]),
    ]);
  });
  return ndcDocument(ROOT, [
    el('Response', [
      penalty('PEN_CHG', 'Change', penaltyCents, b.journey.currency),
      el('DataLists', [...flightLists(ids), journeyList(ids), paxList(b.pax), paxSegmentList(ids), priceClassList(ids)]),
      el('Order', [el('OrderID', b.orderId), el('OwnerCode', profile.ownerCode)]),
      el('ReshopResults', [el('ReshopOffers', offers)]),
    ]),
    payloadAttributes(now),
  ]);
}

export function repriceDocument(
  profile: AirlineProfile,
  b: Booking,
  { offerId, totalCents, now }: { offerId: string; totalCents: number; now: number },
): string {
  const unpaid = b.status === 'OPENED' && b.tickets.length === 0;
  return ndcDocument(ROOT, [
    el('Response', [
      el('Order', [el('OrderID', b.orderId), el('OwnerCode', profile.ownerCode)]),
      el('ReshopResults', [
        el('RepricedOffer', [
          el('OfferExpirationTimeLimitDateTime', isoTimestamp(unpaid ? b.paymentDueAt : now + 30 * 60 * 1000)),
          el('OfferRefID', offerId),
          el('OwnerCode', profile.ownerCode),
          ...b.items.map((item) =>
            el('RepricedOfferItem', [
              el('OriginalOrderItem', [
                el('OrderItemRefID', item.itemId),
                el('TotalPrice', [amount('TotalAmount', item.cents, b.journey.currency)]),
              ]),
              unpaid
                ? el('PaymentTimeLimit', [
                    el('PaymentTimeLimitDate', [el('PaymentTimeLimitDateTime', isoTimestamp(b.paymentDueAt))]),
                  ])
                : null,
              el('TotalPrice', [amount('TotalAmount', item.cents, b.journey.currency)]),
            ]),
          ),
          el('TotalPrice', [amount('TotalAmount', totalCents, b.journey.currency)]),
        ]),
      ]),
    ]),
    payloadAttributes(now),
  ]);
}
