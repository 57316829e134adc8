// OrderRetrieve by order id, by the airline's booking reference, or by the seller's own booking reference.
// A lapsed hold is cancelled before answering.

import type { MessageHandler } from '../messages/message-handler.js';
import type { AirlineProfile } from '../airline-profile.js';
import { errorDocument } from '../wire/ndc-errors.js';
import { child, text } from '../wire/ndc-request-parser.js';
import { booking, bookingBySellerReference } from './booking-record.js';
import { orderViewDocument } from './order-view-builder.js';

export const orderNotFound = (profile: AirlineProfile, root: string, id: string) => ({
  status: 200,
  body: errorDocument(root, [profile.errors.orderNotFound(id)]),
});

export const orderRetrieveHandler: MessageHandler = {
  message: 'OrderRetrieve',
  requestRoot: 'IATA_OrderRetrieveRQ',
  responseRoot: 'IATA_OrderViewRS',
  route: () => undefined,
  handle(parsed, deps) {
    const criteria = child(parsed.root, 'Request', 'OrderValidationFilterCriteria');
    const id = text(criteria, 'OrderFilterCriteria', 'OrderID') ?? text(criteria, 'BookingRefFilterCriteria', 'BookingID') ?? '';
    // A booking reference naming an organisation is that seller's own reference, not the airline's PNR.
    const sellerOrg = text(criteria, 'BookingRefFilterCriteria', 'Org', 'OrgID');
    const b =
      sellerOrg && !text(criteria, 'OrderFilterCriteria', 'OrderID')
        ? bookingBySellerReference(deps, { orgId: sellerOrg, bookingId: id })
        : booking(deps, id);
    if (!b) return orderNotFound(deps.profile, this.responseRoot, id);
    return { status: 200, body: orderViewDocument(deps.profile, b, deps.clock.now()) };
  },
};
