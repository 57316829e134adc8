import { airlineInstant } from '../airline-instant.js';
import type { Segment } from '../../connector-types.js';
import type { AirlineOrder, AirlineOrderStatus, OrderExtra, OrderSegment, OrderTicket } from '../../order-types.js';
import { PASSENGER_TYPE } from '../passengers.js';
import { readDataLists, type DataLists } from '../ndc-data-lists.js';
import { cabinOf } from '../ndc-cabins.js';
import { readSegment, stableIdOf } from '../ndc-offer-mapper.js';
import { amount, list, node, text, texts, type Parsed } from '../ndc-xml.js';
import { priceIn } from '../price-holders.js';
import { documentKind, readCredits } from './credit-reader.js';
import type { NdcAirlineProfile } from '../ndc-airline-profile.js';

/** A PaxSegment the DataLists do not describe: its id, and nothing invented. */
export function undescribedSegment(paxSegmentId: string): Segment {
  return {
    segmentId: paxSegmentId,
    origin: '',
    destination: '',
    departingAt: '',
    arrivingAt: '',
    marketingCarrier: '',
    marketingFlightNumber: '',
    operatingCarrier: '',
    operatingCarrierName: null,
    operatingFlightNumber: null,
    aircraft: null,
    cabin: null,
    bookingClass: null,
    durationMinutes: null,
  };
}

/** The booked segment as an offer shows it; cabin and booking class are those of the fare sold. */
function segmentOf(
  paxSegmentId: string,
  lists: DataLists,
  cabinByRef: Map<string, { cabin: string | null; cabinName: string | null; rbd: string | null }>,
  cancelled: Set<string>,
): OrderSegment {
  const segment = readSegment(paxSegmentId, lists) ?? undescribedSegment(paxSegmentId);
  const fare = cabinByRef.get(paxSegmentId);
  return {
    ...segment,
    cabin: cabinOf(fare?.cabin ?? null) ?? segment.cabin,
    cabinMarketingName: fare?.cabinName ?? segment.cabinMarketingName ?? null,
    bookingClass: fare?.rbd ?? segment.bookingClass,
    status: cancelled.has(paxSegmentId) ? 'cancelled' : 'confirmed',
  };
}

/**
 * An IATA_OrderViewRS of `airline` as the gateway's AirlineOrder. The order's status is read from
 * the order and its documents: tickets make it ticketed, a closed order with refunded coupons refunded.
 */
export function readOrderView(
  root: Parsed,
  dialect: Pick<NdcAirlineProfile, 'code' | 'brandOf' | 'clockZone'>,
): AirlineOrder | null {
  const airline = dialect.code;
  const response = node(root.Response);
  const order = node(response.Order);
  const airlineOrderId = text(order.OrderID);
  if (!airlineOrderId) return null;
  const lists = readDataLists(response.DataLists);
  const stable = (ref: string | null) => (ref ? stableIdOf(ref, lists) : null);
  const items = list(order.OrderItem);
  const services = items.flatMap((i) => list(i.Service));
  const pnr = services.map((s) => text(node(s.BookingRef).BookingID)).find(Boolean) ?? '';
  const cabinByRef = new Map<string, { cabin: string | null; cabinName: string | null; rbd: string | null }>();
  const segmentBrands: Record<string, { name: string | null; code: string | null }> = {};
  for (const fc of items.flatMap((i) => list(i.FareDetail)).flatMap((f) => list(f.FareComponent))) {
    const ref = text(fc.PaxSegmentRefID);
    if (ref)
      cabinByRef.set(ref, {
        cabin: text(node(fc.CabinType).CabinTypeCode),
        cabinName: text(node(fc.CabinType).CabinTypeName),
        rbd: text(node(fc.RBD).RBD_Code),
      });
    const priceClass = lists.priceClasses.get(text(fc.PriceClassRefID) ?? '');
    if (ref && priceClass) {
      const brand = dialect.brandOf(priceClass);
      segmentBrands[stableIdOf(ref, lists)] = { name: brand.name, code: brand.code };
    }
  }
  const cancelled = new Set<string>();
  const flightRefs: string[] = [];
  const extras: OrderExtra[] = [];
  const flightItemIds: string[] = [];
  for (const item of items) {
    const itemServices = list(item.Service);
    const isFlight = itemServices.some((s) => node(s.OrderServiceAssociation).PaxSegmentRef !== undefined);
    if (isFlight) flightItemIds.push(text(item.OrderItemID) ?? '');
    for (const s of itemServices) {
      const assoc = node(s.OrderServiceAssociation);
      const status = text(s.StatusCode) ?? '';
      const segRef = text(node(assoc.PaxSegmentRef).PaxSegmentRefID);
      if (segRef) {
        if (!flightRefs.includes(segRef)) flightRefs.push(segRef);
        if (/cancel|^X|^HX/i.test(status)) cancelled.add(segRef);
        continue;
      }
      // A service of a flight item bundled with one of its flights (ServiceRefID: VS's included
      // bags) is part of the fare, not an extra bought beside it.
      if (isFlight && text(s.ServiceRefID) !== null) continue;
      const seat = node(node(assoc.SeatOnLeg).Seat);
      const seatSeg = text(node(node(node(assoc.SeatOnLeg).SeatAssignmentAssociations).PaxSegmentRef).PaxSegmentRefID);
      const defRef = node(assoc.ServiceDefinitionRef);
      const def = lists.services.get(text(defRef.ServiceDefinitionRefID) ?? '');
      extras.push({
        extraId: text(item.OrderItemID) ?? undefined,
        kind: text(seat.ColumnID) ? 'seat' : 'service',
        passengerId: text(s.PaxRefID) ?? '',
        segmentId: stable(seatSeg ?? text(node(node(defRef.OrderFlightAssociations).PaxSegmentRef).PaxSegmentRefID)),
        designator: text(seat.ColumnID) ? `${text(seat.RowNumber)}${text(seat.ColumnID)}` : null,
        name: text(s.DescText) ?? text(def?.Name) ?? 'Service',
        price: amount(node(item.Price).TotalAmount),
      });
    }
  }
  const tickets = readDocuments(list(response.TicketDocInfo), items, stable);
  const orderStatus = (text(order.StatusCode) ?? '').toUpperCase();
  // Whether the order was refunded is the tickets' say: an EMD the airline kept does not undo it.
  const coupons = tickets.filter((t) => t.kind !== 'emd').flatMap((t) => t.coupons);
  let status: AirlineOrderStatus = tickets.length > 0 ? 'ticketed' : 'hold';
  if (/CANCEL|CLOSED/.test(orderStatus))
    status = coupons.length > 0 && coupons.every((c) => c.status === 'RF') ? 'refunded' : 'cancelled';
  const deadline =
    items
      .map((i) => airlineInstant(text(i.PaymentTimeLimitDateTime), dialect.clockZone))
      .filter((d): d is string => Boolean(d))
      .sort()[0] ?? null;
  const total = amount(node(order.TotalPrice).TotalAmount) ?? { amountMinor: 0, currency: 'USD' };
  const refund = refundOf(items, total.currency);
  const credits = readCredits(items, list(response.TicketDocInfo), tickets);
  return {
    airlineOrderId,
    owner: text(order.OwnerCode) ?? airline,
    pnr,
    status,
    total,
    paymentDeadline: status === 'hold' ? deadline : null,
    passengers: [...lists.pax.values()].map((p) => {
      const ind = node(p.Individual);
      return {
        passengerId: text(p.PaxID) ?? '',
        type: PASSENGER_TYPE[(text(p.PTC) ?? 'ADT') as keyof typeof PASSENGER_TYPE] ?? 'adult',
        givenName: text(ind.GivenName) ?? '',
        familyName: text(ind.Surname) ?? '',
        bornOn: text(ind.Birthdate) ?? text(p.Birthdate),
      };
    }),
    segments: flightRefs.map((ref) => segmentOf(ref, lists, cabinByRef, cancelled)),
    tickets,
    extras,
    notices: list(response.Warning)
      .map((w) => text(w.DescText))
      .filter((t): t is string => Boolean(t)),
    flightItemIds,
    ...(refund ? { refund } : {}),
    ...(Object.keys(segmentBrands).length > 0 ? { segmentBrands } : {}),
    ...(credits.length > 0 ? { credits } : {}),
  };
}

/**
 * Tickets and EMDs (TicketDocInfo/Ticket). An EMD (TicketDocTypeCode J or Y) adds its type code, its
 * value (the coupons' ValueAmount), the ticket it is connected to (ConnectedDocNumber), and per
 * coupon the order item of the service it pays for (its ServiceRefID names one of that item's services).
 */
function readDocuments(docs: Parsed[], items: Parsed[], stable: (ref: string | null) => string | null): OrderTicket[] {
  const itemOfService = new Map<string, string>();
  for (const item of items)
    for (const s of list(item.Service)) {
      const serviceId = text(s.ServiceID);
      const itemId = text(item.OrderItemID);
      if (serviceId && itemId) itemOfService.set(serviceId, itemId);
    }
  return docs.flatMap((doc) =>
    list(doc.Ticket).map((t): OrderTicket => {
      const typeCode = text(t.TicketDocTypeCode);
      const kind = documentKind(typeCode);
      const isEmd = kind === 'emd';
      const values = isEmd ? list(t.Coupon).map((c) => amount(c.ValueAmount)) : [];
      const value = values.every((v) => v !== null) && values.length > 0 ? sumAmounts(values) : null;
      return {
        ticketNumber: text(t.TicketNumber) ?? '',
        passengerId: text(doc.PaxRefID) ?? '',
        ...(kind ? { kind } : {}),
        ...(isEmd ? { emd: { typeCode: typeCode!.toUpperCase(), amount: value, ticketNumber: text(t.ConnectedDocNumber) } } : {}),
        coupons: list(t.Coupon).map((c) => {
          const extraId = isEmd
            ? texts(c.ServiceRefID)
                .map((id) => itemOfService.get(id))
                .find(Boolean)
            : undefined;
          return {
            couponNumber: Number(text(c.CouponNumber) ?? 0),
            segmentId: stable(text(node(c.SoldAirlineInfo).PaxSegmentRefID)),
            status: text(c.CouponStatusCode) ?? 'I',
            ...(extraId ? { extraId } : {}),
          };
        }),
      };
    }),
  );
}

function sumAmounts(values: ({ amountMinor: number; currency: string } | null)[]): { amountMinor: number; currency: string } {
  const present = values.filter((v): v is { amountMinor: number; currency: string } => v !== null);
  return { amountMinor: present.reduce((s, v) => s + v.amountMinor, 0), currency: present[0]!.currency };
}

/**
 * What the airline paid back: 21.3 carries it per order item as a PriceDifferential whose
 * DifferentialTypeCode is Refund, the amount in DiffPrice/Price/DueByAirlineAmount (AA), or in
 * DiffPrice/FareDetail/Price/DueByAirlineAmount per passenger (VS).
 */
function refundOf(items: Parsed[], currency: string): { amountMinor: number; currency: string } | null {
  let amountMinor = 0;
  let refundCurrency = currency;
  for (const item of items) {
    const diff = node(item.PriceDifferential);
    if ((text(diff.DifferentialTypeCode) ?? '').toLowerCase() !== 'refund') continue;
    const due = priceIn(node(diff.DiffPrice), 'DueByAirlineAmount', currency);
    if (!due) continue;
    amountMinor += due.amountMinor;
    refundCurrency = due.currency;
  }
  return amountMinor > 0 ? { amountMinor, currency: refundCurrency } : null;
}

/**
 * The order's journeys (21.3 PaxJourney, one per one-way trip), each as the stable ids of its
 * segments in order: what an airline changes whole on a reissue. Journeys of no segment are left out.
 */
export function readJourneys(root: Parsed): string[][] {
  const response = node(root.Response);
  const lists = readDataLists(response.DataLists);
  return [...lists.journeys.values()]
    .map((j) => texts(j.PaxSegmentRefID).map((ref) => stableIdOf(ref, lists)))
    .filter((ids) => ids.length > 0);
}
