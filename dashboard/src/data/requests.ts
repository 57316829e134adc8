import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { operations } from '../api/schema';

export type RequestListQuery = NonNullable<operations['listApiRequests']['parameters']['query']>;

export const requestKeys = {
  list: (query: RequestListQuery) => ['requests', query] as const,
};

/** A page of the agency's logged API requests; the last page stays shown while the next one loads. */
export function useRequests(query: RequestListQuery) {
  return useQuery({
    queryKey: requestKeys.list(query),
    queryFn: () => unwrap(api.GET('/v1/dev/requests', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

export type RequestBodies = operations['getApiRequestBodies']['responses'][200]['content']['application/json'];

/** The redacted bodies of one logged request, read when its row is opened. */
export function useRequestBodies(requestId: string) {
  return useQuery({
    queryKey: ['requests', 'bodies', requestId] as const,
    queryFn: () => unwrap(api.GET('/v1/dev/requests/{request_id}', { params: { path: { request_id: requestId } } })),
    // A request's bodies never change once written.
    staleTime: Infinity,
    retry: false,
  });
}
