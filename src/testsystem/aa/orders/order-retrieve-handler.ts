// OrderRetrieve by order id (or booking reference). A lapsed hold is cancelled before answering.

import type { MessageHandler } from '../message-handler.js';
import { AA_ERRORS, errorDocument } from '../ndc-errors.js';
import { child, text } from '../ndc-request-parser.js';
import { booking } from './booking-record.js';
import { orderViewDocument } from './order-view-builder.js';

export const orderNotFound = (root: string, id: string) => ({
  status: 200,
  body: errorDocument(root, [AA_ERRORS.badRequest(`Order ${id} not found`, 'OrderID')]),
});

export const orderRetrieveHandler: MessageHandler = {
  message: 'OrderRetrieve',
  requestRoot: 'IATA_OrderRetrieveRQ',
  responseRoot: 'IATA_OrderViewRS',
  route: () => undefined,
  handle(parsed, deps) {
    const criteria = child(parsed.root, 'Request', 'OrderValidationFilterCriteria');
    const id = text(criteria, 'OrderFilterCriteria', 'OrderID') ?? text(criteria, 'BookingRefFilterCriteria', 'BookingID') ?? '';
    const b = booking(deps, id);
    if (!b) return orderNotFound(this.responseRoot, id);
    return { status: 200, body: orderViewDocument(b, deps.clock.now()) };
  },
};
