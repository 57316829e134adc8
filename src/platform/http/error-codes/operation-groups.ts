/** Operation groups several error codes share (the `operations` of ../error-codes.ts). */

export const ORDER_BY_ID = ['/v1/orders/{orderID}', '/v1/dev/orders/{orderID}'];
/** The public API's writes of an existing order by its id, the refund aside. */
const ORDER_ID_WRITES = [
  'changeOrder',
  'cancelOrder',
  'quoteOrder',
  'payOrder',
  'reshopOrder',
  'quoteOrderChange',
  'confirmOrderChange',
  'quoteOrderCancellation',
  'confirmOrderCancellation',
];
/** The order operations the contract marks (R): `airline` is a required query parameter. */
export const AIRLINE_REQUIRED = [...ORDER_ID_WRITES, 'getRefundEligibility', 'refundOrder'];
export const OFFER_READS = ['priceOffers', 'getOfferSeatMap', 'listOfferServices', 'priceDashboardOffers'];
/** Operations that take an `offer_id`: the reads, a booking from it, and an order changed to it. */
export const OFFER_USES = [
  ...OFFER_READS,
  'createOrder',
  'createDashboardOrder',
  'reshopOrder',
  'confirmOrderChange',
  'confirmDashboardOrderChange',
];
/** Operations that call an airline and answer its failure. */
export const AIRLINE_CALLS = [
  ...OFFER_READS,
  'createOrder',
  'createDashboardOrder',
  'getOrder',
  ...AIRLINE_REQUIRED,
  'getDashboardOrder',
  'cancelDashboardOrder',
  'getDashboardRefundEligibility',
  'refundDashboardOrder',
  'quoteDashboardOrderCancellation',
  'getDashboardOrderSeatMap',
  'listDashboardOrderServices',
  'quoteDashboardOrderChange',
  'confirmDashboardOrderChange',
  // Accepting an airline's schedule change is sent to the airline on an open order.
  'acknowledgeOrderChanges',
  'acknowledgeDashboardOrderChanges',
];
/** Order writes: switched off together (503 coming_soon). */
export const ORDER_WRITES = [
  'createOrder',
  'createDashboardOrder',
  ...ORDER_ID_WRITES,
  'refundOrder',
  'acknowledgeOrderChanges',
  'acknowledgeDashboardOrderChanges',
  'cancelDashboardOrder',
  'refundDashboardOrder',
  'quoteDashboardOrderCancellation',
  'quoteDashboardOrderChange',
  'confirmDashboardOrderChange',
];
/** Order writes that name passengers, segments or extras of the order. */
export const ORDER_PARTS = [
  'changeOrder',
  'quoteOrderChange',
  'confirmOrderChange',
  'quoteOrderCancellation',
  'confirmOrderCancellation',
  'refundOrder',
  'refundDashboardOrder',
  'quoteDashboardOrderCancellation',
  'quoteDashboardOrderChange',
  'confirmDashboardOrderChange',
];
/** Order writes on an existing order, which must still be open. */
export const ORDER_SERVICING = [...ORDER_PARTS, 'cancelOrder', 'quoteOrder', 'payOrder', 'reshopOrder', 'cancelDashboardOrder'];
/**
 * Writes of an existing order that hold its write lease (src/orders/write-lease.ts): one at a
 * time per order, the others refused with `order_busy`. Quotes that keep nothing (quote, reshop)
 * and reads are not among them.
 */
export const ORDER_LEASED_WRITES = [
  'changeOrder',
  'cancelOrder',
  'payOrder',
  'quoteOrderChange',
  'confirmOrderChange',
  'quoteOrderCancellation',
  'confirmOrderCancellation',
  'refundOrder',
  'acknowledgeOrderChanges',
  'cancelDashboardOrder',
  'refundDashboardOrder',
  'acknowledgeDashboardOrderChanges',
  'quoteDashboardOrderCancellation',
  'quoteDashboardOrderChange',
  'confirmDashboardOrderChange',
];
export const CHANGE_REQUESTS = [
  'changeOrder',
  'quoteOrderChange',
  'confirmOrderChange',
  'quoteDashboardOrderChange',
  'confirmDashboardOrderChange',
];
/** Portal paths on an agency's own resources (keys, teammates, webhooks, details, usage, orders). */
export const AGENCY_PATHS = [
  '/v1/dev/agency',
  'listApiRequests',
  'getApiRequestBodies',
  '/v1/dev/usage',
  '/v1/dev/api-keys',
  '/v1/dev/webhooks',
  '/v1/dev/orders',
  '/v1/dev/shopping',
  '/v1/dev/offers',
  'createInvite',
  'listInvites',
  'revokeInvite',
];
/** The dashboard's search, price and booking, whose `environment=live` has its own rules (docs/dashboard.md). */
export const DASHBOARD_BOOKING = ['searchDashboardOffers', 'priceDashboardOffers', 'createDashboardOrder'];
export const STEP_UP = ['startTotpEnrolment', 'removeTotp', 'regenerateRecoveryCodes', 'changePassword', 'revealApiKeySecret'];
export const NEW_PASSWORD = ['signUp', 'confirmPasswordReset', 'changePassword', 'acceptInvite'];
export const AVIATION = ['/v1/aviation', '/v1/reference'];
