import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { JsonBody, Reactions } from './types';
import { useChange } from './use-change';

/** Webhook endpoints and the deliveries to each. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (endpointId: string) => ['webhook-deliveries', endpointId] as const,
};

export function useWebhooks({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: webhookKeys.all, queryFn: () => unwrap(api.GET('/v1/dev/webhooks')), enabled });
}

/** Answers the endpoint's signing secret, shown once. */
const registerWebhook = (body: JsonBody<'/v1/dev/webhooks', 'post'>) => unwrap(api.POST('/v1/dev/webhooks', { body }));

export const useRegisterWebhook = (reactions: Reactions<typeof registerWebhook> = {}) =>
  useChange(registerWebhook, reactions, webhookKeys.all);

/** Re-arms an endpoint the gateway switched off; pending until the list is fresh again. */
export function useEnableWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/v1/dev/webhooks/{id}/enable', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: () => unwrap(api.GET('/v1/dev/webhooks/{id}/deliveries', { params: { path: { id: endpointId } } })),
  });
}

/** Sends a delivery again now; pending until the deliveries are fresh again. */
export function useRetryDelivery(endpointId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      unwrap(
        api.POST('/v1/dev/webhooks/{id}/deliveries/{deliveryId}/retry', { params: { path: { id: endpointId, deliveryId } } }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
  });
}

/** Changes an endpoint's description or events (the URL is not editable). */
const updateWebhook = ({ id, ...body }: { id: string } & JsonBody<'/v1/dev/webhooks/{id}', 'patch'>) =>
  unwrap(api.PATCH('/v1/dev/webhooks/{id}', { params: { path: { id } }, body }));

export const useUpdateWebhook = (reactions: Reactions<typeof updateWebhook> = {}) =>
  useChange(updateWebhook, reactions, webhookKeys.all);

/**
 * Sends a signed sample of one event to the endpoint now; answers the attempt's outcome. The test
 * is listed in the endpoint's delivery log, so that is asked again.
 */
export function useSendTestEvent(endpointId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (event: string) =>
      unwrap(api.POST('/v1/dev/webhooks/{id}/test', { params: { path: { id: endpointId } }, body: { event } })),
    onSettled: () => client.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
  });
}
