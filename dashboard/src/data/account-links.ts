import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { JsonBody } from './types';

/**
 * The e-mailed links' calls, made without a session: confirming the address, resetting a
 * forgotten password, accepting an invitation.
 */
export const accountLinkKeys = {
  emailVerification: (token: string) => ['verify-email', token] as const,
};

/**
 * The verification token, confirmed once: kept for good (asking again would spend nothing and
 * answer "used"), and a refusal will not change by asking again.
 */
export function useEmailVerification(token: string) {
  return useQuery({
    queryKey: accountLinkKeys.emailVerification(token),
    queryFn: () => unwrap(api.POST('/v1/dev/verify-email', { body: { token } })),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => unwrap(api.POST('/v1/dev/password-reset', { body: { email } })),
  });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: JsonBody<'/v1/dev/password-reset/confirm', 'post'>) =>
      unwrap(api.POST('/v1/dev/password-reset/confirm', { body })),
  });
}

export function useAcceptInvite() {
  return useMutation({
    mutationFn: (body: JsonBody<'/v1/dev/invites/accept', 'post'>) => unwrap(api.POST('/v1/dev/invites/accept', { body })),
  });
}
