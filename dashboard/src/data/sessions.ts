import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';

/** The user's sessions: where and when each started and was last used; any but this one ended. */
export const sessionKeys = {
  all: ['sessions'] as const,
};

export function useSessions() {
  return useQuery({ queryKey: sessionKeys.all, queryFn: () => unwrap(api.GET('/v1/dev/sessions')) });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/v1/dev/sessions/{id}', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
