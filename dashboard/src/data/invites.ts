import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { JsonBody } from './types';

/** Open invitations into the agency; inviting and revoking stay pending until the list is fresh. */
export const inviteKeys = {
  all: ['invites'] as const,
};

export function useInvites() {
  return useQuery({ queryKey: inviteKeys.all, queryFn: () => unwrap(api.GET('/v1/dev/invites')) });
}

export function useInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: JsonBody<'/v1/dev/invites', 'post'>) => unwrap(api.POST('/v1/dev/invites', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: inviteKeys.all }),
  });
}

export function useRevokeInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/v1/dev/invites/{id}', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: inviteKeys.all }),
  });
}
