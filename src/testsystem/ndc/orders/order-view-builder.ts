// IATA_OrderViewRS for a booking: the answer of OrderCreate, OrderRetrieve and OrderChange.
// Children are listed in 21.3 schema order (DataLists, Order, TicketDocInfo, Warning).

import { tripsOf } from '../fares/fare-pricing.js';
import type { AirlineProfile } from '../airline-profile.js';
import { amount, cabinTypeNode, flightLists, journeyList, paxSegmentList, ResponseIds } from '../messages/offer-xml-builder.js';
import { priceClassList } from '../messages/fare-xml-builder.js';
import { payloadAttributes } from '../wire/payload-attributes.js';
import { el, ndcDocument, type XmlNode, isoTimestamp } from '../wire/xml-builder.js';
import { totalCents, type Booking, type BookedItem, type BookedPax } from './booking-record.js';
import { orderPenaltyList, refundDifferential } from './refund-differential.js';
import { residualDifferential } from './trip-credit.js';
import { emdDocInfo, issueInfo } from './emd-doc-info.js';

export function bookingRef(profile: AirlineProfile, b: Booking): XmlNode {
  return el('BookingRef', [
    el('BookingEntity', [el('Carrier', [el('AirlineDesigCode', profile.code)])]),
    el('BookingID', b.bookingReference),
  ]);
}

const segRef = (ids: ResponseIds, b: Booking, index: number): string => ids.segment(b.journey.segments[index]!.flight);

/** A flight item's service id for one passenger on one segment (OrderViewRS and OrderChangeNotifRQ alike). */
export const flightServiceId = (itemId: string, segmentIndex: number, paxId: string): string =>
  `${itemId}-S${segmentIndex + 1}-${paxId}`;

/** A booked passenger in a PaxList: name, birth date and gender where known, id and type. */
export function paxNode(p: BookedPax, contactInfoRefId?: string): XmlNode {
  return el('Pax', [
    contactInfoRefId ? el('ContactInfoRefID', contactInfoRefId) : null,
    el('Individual', [
      p.birthdate ? el('Birthdate', p.birthdate) : null,
      p.gender ? el('GenderCode', p.gender) : null,
      el('GivenName', p.givenName),
      el('Surname', p.surname),
    ]),
    el('PaxID', p.id),
    el('PTC', p.ptc),
  ]);
}

function itemNode(b: Booking, item: BookedItem, ids: ResponseIds): XmlNode {
  const { profile } = ids;
  const closed = b.status === 'CANCELLED';
  const services: XmlNode[] = [];
  if (item.kind === 'flight') {
    b.journey.segments.forEach((s, i) => {
      for (const paxId of item.paxIds) {
        services.push(
          el('Service', [
            bookingRef(profile, b),
            el('OrderServiceAssociation', [el('PaxSegmentRef', [el('PaxSegmentRefID', ids.segment(s.flight))])]),
            el('PaxRefID', paxId),
            el('ServiceID', flightServiceId(item.itemId, i, paxId)),
            // A segment cancelled on its own (partial cancellation) stays listed, cancelled.
            el('StatusCode', closed || b.cancelledSegments?.includes(i) ? 'CANCELLED' : 'CONFIRMED'),
          ]),
        );
      }
    });
  } else {
    const seg = item.segmentIndex === null ? null : segRef(ids, b, item.segmentIndex);
    const association =
      item.seat && seg
        ? el('SeatOnLeg', [
            el('Seat', [el('ColumnID', item.seat.column), el('RowNumber', item.seat.row)]),
            el('SeatAssignmentAssociations', [el('PaxSegmentRef', [el('PaxSegmentRefID', seg)])]),
          ])
        : el('ServiceDefinitionRef', [
            seg ? el('OrderFlightAssociations', [el('PaxSegmentRef', [el('PaxSegmentRefID', seg)])]) : null,
            el('ServiceDefinitionRefID', `SRV_${item.itemId}`),
          ]);
    services.push(
      el('Service', [
        bookingRef(profile, b),
        el('DescText', item.name),
        el('OrderServiceAssociation', [association]),
        el('PaxRefID', item.paxIds[0] ?? ''),
        el('ServiceID', `${item.itemId}-S`),
        el('StatusCode', closed ? 'CANCELLED' : 'CONFIRMED'),
      ]),
    );
  }
  // The brand sold, as in the offer: the fare component names its price class (DataLists/PriceClassList).
  const priceClassId =
    item.kind === 'flight'
      ? ids.priceClass(
          b.journey.priceClass,
          b.journey.segments.map((s) => s.flight),
        )
      : null;
  const fare =
    item.kind === 'flight'
      ? el(
          'FareDetail',
          b.journey.segments.map((s) =>
            el('FareComponent', [
              cabinTypeNode(profile, s.flight, s.cabin),
              el('FareBasisCode', s.fareBasis),
              el('PaxSegmentRefID', ids.segment(s.flight)),
              priceClassId === null ? null : el('PriceClassRefID', priceClassId),
              el('RBD', [el('RBD_Code', s.rbd)]),
            ]),
          ),
        )
      : null;
  const unpaid = b.status === 'OPENED' && b.tickets.length === 0 && b.paidCents === 0;
  return el('OrderItem', [
    fare,
    el('OrderItemID', item.itemId),
    el('OwnerCode', profile.ownerCode),
    unpaid ? el('PaymentTimeLimitDateTime', isoTimestamp(b.paymentDueAt)) : null,
    el('Price', [amount('TotalAmount', item.cents, b.journey.currency)]),
    // One differential per item (21.3): the cash refunded, else the value kept as a trip credit.
    refundDifferential(profile, b, item) ?? residualDifferential(b, item),
    ...services,
    el('StatusCode', closed ? 'CANCELLED' : b.tickets.length > 0 ? 'TICKETED' : 'ACTIVE'),
  ]);
}

/**
 * A coupon's status: its segment's own when that segment was cancelled alone, F (flown) once an open
 * coupon's flight has left by the airline's clock, else the ticket's. The open coupons of a
 * cancelled booking (a trip credit) were never flown: they stay open.
 */
function couponStatus(
  b: Booking,
  t: Booking['tickets'][number],
  { index, departure, now }: { index: number; departure: number; now: number },
): string {
  const own = t.segmentCoupons?.[index];
  if (own) return own;
  return t.couponStatus === 'I' && departure <= now && b.status !== 'CANCELLED' ? 'F' : t.couponStatus;
}

export function orderViewDocument(profile: AirlineProfile, b: Booking, now: number): string {
  const ids = new ResponseIds(profile);
  // One PaxJourney per one-way trip of the booking (out and back for a round trip).
  for (const trip of tripsOf(b.journey)) ids.journey(trip.map((s) => s.flight));
  const items = b.items.map((item) => itemNode(b, item, ids));
  const extras = b.items.filter((i) => i.kind !== 'flight' && !i.seat);
  const tickets = b.tickets.map((t) =>
    el('TicketDocInfo', [
      // The original issue: an exchange keeps it, and a trip credit's validity runs from it.
      issueInfo(profile, b),
      el('PaxRefID', t.paxId),
      el('Ticket', [
        ...b.journey.segments
          .slice(0, 4)
          .map((s, i) =>
            el('Coupon', [
              el('CouponNumber', i + 1),
              el('CouponStatusCode', couponStatus(b, t, { index: i, departure: s.flight.depUtc, now })),
              el('SoldAirlineInfo', [el('PaxSegmentRefID', ids.segment(s.flight))]),
            ]),
          ),
        el('ReportingTypeCode', 'BSP'),
        el('TicketDocTypeCode', 'T'),
        el('TicketNumber', t.number),
      ]),
    ]),
  );
  // The paid seats and services, each on its own EMD-A after the tickets.
  const emds = (b.emds ?? []).map((e) => emdDocInfo(profile, b, e, ids));
  const body = ndcDocument('IATA_OrderViewRS', [
    el('Response', [
      el('DataLists', [
        el('ContactInfoList', [
          el('ContactInfo', [el('ContactInfoID', 'CTC1'), el('EmailAddress', [el('EmailAddressText', b.contactEmail)])]),
        ]),
        ...flightLists(ids),
        journeyList(ids),
        el(
          'PaxList',
          b.passengers.map((p, i) => paxNode(p, i === 0 ? 'CTC1' : undefined)),
        ),
        paxSegmentList(ids),
        orderPenaltyList(profile, b),
        ids.priceClasses.size > 0 ? priceClassList(ids) : null,
        extras.length > 0
          ? el(
              'ServiceDefinitionList',
              extras.map((x) =>
                el('ServiceDefinition', [
                  el('Name', x.name),
                  el('OwnerCode', profile.ownerCode),
                  el('ServiceDefinitionID', `SRV_${x.itemId}`),
                ]),
              ),
            )
          : null,
      ]),
      el('Order', [
        el('CreationDateTime', isoTimestamp(b.createdAt)),
        el('OrderID', b.orderId),
        ...items,
        el('OwnerCode', profile.ownerCode),
        el('StatusCode', b.status === 'CANCELLED' ? 'CLOSED' : 'OPENED'),
        el('TotalPrice', [
          amount('TotalAmount', b.status === 'CANCELLED' ? b.paidCents - b.refundedCents : totalCents(b), b.journey.currency),
        ]),
      ]),
      ...tickets,
      ...emds,
      ...b.notices.map((n) =>
        el('Warning', [
          el('Code', '711'),
          el('DescText', n),
          el('LangCode', 'EN'),
          el('OwnerName', profile.ownerCode),
          el('TypeCode', 'OrderChange'),
        ]),
      ),
    ]),
    payloadAttributes(now),
  ]);
  return body;
}
