import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { JsonBody } from './types';

/** The environment a dashboard search, price and booking run in (`environment` on each /v1/dev call). */
export type BookingEnvironment = 'test' | 'live';

export type SearchBody = JsonBody<'/v1/dev/shopping/offers', 'post'>;
export type CreateOrderBody = JsonBody<'/v1/dev/orders', 'post'>;

/**
 * Searches every connected airline (POST /v1/dev/shopping/offers) for the search in the URL; none
 * (null) asks nothing. Kept by its search: back to a list already seen shows it again at once, and
 * the gateway's own search cache answers a reload of the same search.
 */
export function useSearchOffers(body: SearchBody | null, environment: BookingEnvironment) {
  return useQuery({
    queryKey: ['offer-search', environment, body] as const,
    queryFn: () => unwrap(api.POST('/v1/dev/shopping/offers', { body: body!, params: { query: { environment } } })),
    enabled: body !== null,
    // Offers expire within minutes; a list older than this is searched again when shown.
    staleTime: 120_000,
  });
}

/** Re-prices the offer chosen at the airline: its confirmed price and terms (POST /v1/dev/offers/price). */
export function usePriceOffer() {
  return useMutation({
    mutationFn: ({ offerId, environment }: { offerId: string; environment: BookingEnvironment }) =>
      unwrap(api.POST('/v1/dev/offers/price', { body: { offer_id: offerId }, params: { query: { environment } } })),
  });
}

/**
 * Books (POST /v1/dev/orders) with the form's own Idempotency-Key, so a second click or a retry
 * after a lost answer returns the same order instead of booking twice. The orders lists are stale after.
 */
export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      body,
      environment,
      idempotencyKey,
    }: {
      body: CreateOrderBody;
      environment: BookingEnvironment;
      idempotencyKey: string;
    }) =>
      unwrap(
        api.POST('/v1/dev/orders', {
          body,
          params: { query: { environment }, header: { 'idempotency-key': idempotencyKey } },
        }),
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['orders'] }),
  });
}
