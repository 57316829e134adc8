// An EMD-A in IATA_OrderViewRS: a TicketDocInfo whose Ticket has TicketDocTypeCode "J" (associated
// EMD, PADIS 1001), connected to the passenger's ticket (ConnectedDocNumber), with one coupon for
// the service it pays for: RFIC/RFISC, the order item's service (ServiceRefID), the flight it is
// used on (SoldAirlineInfo) and its value (ValueAmount), as VS's
// orderviewRS_paid_seats_and_FF_number.xml and orderchangeRS_orderviewRS_change_itinerary_date_paid_seat_unchanged_segment.xml carry a paid seat.

import type { AirlineProfile } from '../airline-profile.js';
import { amount, type ResponseIds } from '../messages/offer-xml-builder.js';
import { el, isoTimestamp, type XmlNode } from '../wire/xml-builder.js';
import type { Booking } from './booking-record.js';
import type { Emd } from './emd-record.js';

/** A document's IssueInfo: the booking's first issue (its tickets' and EMDs'), by the airline; none before ticketing. */
export function issueInfo(profile: AirlineProfile, b: Booking): XmlNode | null {
  if (b.ticketedAt === null) return null;
  return el('IssueInfo', [
    el('IssueDate', isoTimestamp(b.ticketedAt).slice(0, 10)),
    el('IssuingCarrier', [el('AirlineDesigCode', profile.code)]),
  ]);
}

export function emdDocInfo(profile: AirlineProfile, b: Booking, emd: Emd, ids: ResponseIds): XmlNode {
  const item = b.items.find((i) => i.itemId === emd.itemId);
  const segment = item?.segmentIndex === null || item === undefined ? undefined : b.journey.segments[item.segmentIndex];
  const ticket = b.tickets.find((t) => t.paxId === emd.paxId && t.couponStatus !== 'E');
  return el('TicketDocInfo', [
    issueInfo(profile, b),
    el('PaxRefID', emd.paxId),
    el('Ticket', [
      ticket ? el('ConnectedDocNumber', ticket.number) : null,
      el('Coupon', [
        el('CouponNumber', 1),
        el('CouponStatusCode', emd.couponStatus),
        item?.reason ? el('RFIC', item.reason.rfic) : null,
        item?.reason ? el('RFISC', item.reason.rfisc) : null,
        item ? el('ServiceRefID', `${item.itemId}-S`) : null,
        segment ? el('SoldAirlineInfo', [el('PaxSegmentRefID', ids.segment(segment.flight))]) : null,
        amount('ValueAmount', emd.cents, b.journey.currency),
      ]),
      el('ReportingTypeCode', 'BSP'),
      el('TicketDocTypeCode', 'J'),
      el('TicketNumber', emd.number),
    ]),
  ]);
}
