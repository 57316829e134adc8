import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';

/** For operators (platform.read): locked accounts and every user's security events. */
export const adminSecurityKeys = {
  lockouts: ['lockouts'] as const,
  events: ['admin-events'] as const,
};

export function useLockouts() {
  return useQuery({ queryKey: adminSecurityKeys.lockouts, queryFn: () => unwrap(api.GET('/v1/admin/security/lockouts')) });
}

export function useUnlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userID: string) =>
      unwrap(api.POST('/v1/admin/security/lockouts/{userID}/unlock', { params: { path: { userID } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: adminSecurityKeys.lockouts }),
  });
}

export function useAllSecurityEvents() {
  return useQuery({
    queryKey: adminSecurityKeys.events,
    queryFn: () => unwrap(api.GET('/v1/admin/security/events', { params: { query: { limit: 50 } } })),
  });
}

export function useAcknowledgeEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.POST('/v1/admin/security/events/{id}/ack', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: adminSecurityKeys.events }),
  });
}
