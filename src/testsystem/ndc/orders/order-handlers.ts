// The order messages of the AA test system, registered in message-router.ts with one spread.

import type { MessageHandler } from '../messages/message-handler.js';
import { orderChangeHandler } from './order-change-handler.js';
import { orderCreateHandler } from './order-create-handler.js';
import { orderQuoteHandler, orderReshopHandler } from './order-reshop-handler.js';
import { orderRetrieveHandler } from './order-retrieve-handler.js';

export const ORDER_HANDLERS: readonly MessageHandler[] = [
  orderCreateHandler,
  orderRetrieveHandler,
  orderReshopHandler,
  orderQuoteHandler,
  orderChangeHandler,
];
