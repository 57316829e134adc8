import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { orderKeys } from './orders';
import type { JsonBody, Reactions } from './types';
import { useChange } from './use-change';

/**
 * Servicing one order: cancellation (whole or part) by quote, refund after eligibility, and seats
 * and services by an `ancillaries` quote. What the airline changed asks the order again
 * (`orderKeys.detail`), and the page shows it.
 */

const path = (id: string) => ({ orderID: id });

const confirmCancel = (id: string, quoteId: string) =>
  unwrap(api.POST('/v1/dev/orders/{orderID}/cancel', { params: { path: path(id) }, body: { cancellation_quote_id: quoteId } }));
const acknowledgeChanges = (id: string) =>
  unwrap(api.POST('/v1/dev/orders/{orderID}/acknowledge-changes', { params: { path: path(id) } }));
const refund = (id: string) => unwrap(api.POST('/v1/dev/orders/{orderID}/refund', { params: { path: path(id) } }));
const confirmChange = (id: string, offerId: string) =>
  unwrap(api.POST('/v1/dev/orders/{orderID}/change/confirm', { params: { path: path(id) }, body: { offer_id: offerId } }));

/** A cancellation quote: `{}` for the whole order, or some passengers or segments. */
export function useCancelQuote(id: string) {
  return useMutation({
    mutationFn: (body: JsonBody<'/v1/dev/orders/{orderID}/cancel/quote', 'post'>) =>
      unwrap(api.POST('/v1/dev/orders/{orderID}/cancel/quote', { params: { path: path(id) }, body })),
  });
}

/**
 * Accepts a cancellation quote by its id, so what the owner agreed to is what the airline does.
 * The order is asked again after a refusal too: the quote may have lapsed or been acted on.
 */
export function useConfirmCancel(id: string, reactions: Reactions<(quoteId: string) => ReturnType<typeof confirmCancel>> = {}) {
  return useChange((quoteId: string) => confirmCancel(id, quoteId), reactions, orderKeys.detail(id), 'settled');
}

/** Always asked afresh (`gcTime: 0`): the answer depends on the fare rules at this moment. */
export function useRefundEligibility(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: orderKeys.refundEligibility(id),
    queryFn: () => unwrap(api.GET('/v1/dev/orders/{orderID}/refund-eligibility', { params: { path: path(id) } })),
    enabled,
    gcTime: 0,
  });
}

export function useRefund(id: string, reactions: Reactions<(_: void) => ReturnType<typeof refund>> = {}) {
  return useChange((_: void) => refund(id), reactions, orderKeys.detail(id));
}

export function useSeatMap(id: string, segmentId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: orderKeys.seats(id, segmentId),
    queryFn: () =>
      unwrap(api.GET('/v1/dev/orders/{orderID}/seats', { params: { path: path(id), query: { segment_id: segmentId } } })),
    enabled,
  });
}

/** The services the airline sells for the booked order, each with its price. */
export function useOrderServices(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: orderKeys.services(id),
    queryFn: () => unwrap(api.GET('/v1/dev/orders/{orderID}/services', { params: { path: path(id) } })),
    enabled,
  });
}

/** A change quote (`ancillaries`: seats or services): what is added, the amount due, the new total. */
export function useChangeQuote(id: string) {
  return useMutation({
    mutationFn: (body: JsonBody<'/v1/dev/orders/{orderID}/change', 'post'>) =>
      unwrap(api.POST('/v1/dev/orders/{orderID}/change', { params: { path: path(id) }, body })),
  });
}

/** Commits a change quote by its id (`order.updated`). */
export function useConfirmChange(id: string, reactions: Reactions<(quoteId: string) => ReturnType<typeof confirmChange>> = {}) {
  return useChange((quoteId: string) => confirmChange(id, quoteId), reactions, orderKeys.detail(id));
}

/** Accepts the airline's schedule changes: sent to the airline, and the involuntary refund ends with it. */
export function useAcknowledgeChanges(id: string, reactions: Reactions<(_: void) => ReturnType<typeof acknowledgeChanges>> = {}) {
  return useChange((_: void) => acknowledgeChanges(id), reactions, orderKeys.detail(id));
}
