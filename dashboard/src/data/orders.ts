import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { operations } from '../api/schema';

export type OrderListQuery = NonNullable<operations['listDashboardOrders']['parameters']['query']>;

/**
 * The agency's orders. Everything about one order sits under `detail(id)`, so invalidating that
 * key after a change asks again for the order and whatever was read about it.
 */
export const orderKeys = {
  list: (query: OrderListQuery) => ['orders', query] as const,
  detail: (id: string) => ['order', id] as const,
  history: (id: string) => ['order', id, 'history'] as const,
  refundEligibility: (id: string) => ['order', id, 'refund-eligibility'] as const,
  seats: (id: string, segmentId: string) => ['order', id, 'seats', segmentId] as const,
  services: (id: string) => ['order', id, 'services'] as const,
};

/** A page of orders; `keepPreviousPage` keeps the last page shown while the next one loads. */
export function useOrders(query: OrderListQuery, { enabled = true, keepPreviousPage = false } = {}) {
  return useQuery({
    queryKey: orderKeys.list(query),
    queryFn: () => unwrap(api.GET('/v1/dev/orders', { params: { query } })),
    enabled,
    ...(keepPreviousPage ? { placeholderData: keepPreviousData } : {}),
  });
}

export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: () => unwrap(api.GET('/v1/dev/orders/{orderID}', { params: { path: { orderID: id } } })),
  });
}

export function useOrderHistory(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: orderKeys.history(id),
    queryFn: () => unwrap(api.GET('/v1/dev/orders/{orderID}/history', { params: { path: { orderID: id } } })),
    enabled,
  });
}

/** The order asked afresh from the airline (`refresh=true`); its history may have grown. */
export function useRefreshOrder(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(api.GET('/v1/dev/orders/{orderID}', { params: { path: { orderID: id }, query: { refresh: true } } })),
    onSuccess: (fresh) => {
      client.setQueryData(orderKeys.detail(id), fresh);
      void client.invalidateQueries({ queryKey: orderKeys.history(id) });
    },
  });
}
