import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { useSession } from '../session/use-session';
import type { JsonBody, Reactions } from './types';
import { useChange } from './use-change';

/** The signed-in user: account, permissions, second factor, password, own security events. */
export const meKeys = {
  all: ['me'] as const,
  /** Keyed by the session's token as well: another identity never reads the last one's answer. */
  account: (token: string | null) => ['me', token] as const,
  securityEvents: ['security-events'] as const,
};

export function useMe() {
  const { token } = useSession();
  return useQuery({ queryKey: meKeys.account(token), queryFn: () => unwrap(api.GET('/v1/dev/me')) });
}

export function useMySecurityEvents() {
  return useQuery({
    queryKey: meKeys.securityEvents,
    queryFn: () => unwrap(api.GET('/v1/dev/me/security-events', { params: { query: { limit: 50 } } })),
  });
}

/** Starts a TOTP enrolment with the current password: the key and its otpauth:// URI. */
export function useStartTotp() {
  return useMutation({ mutationFn: (password: string) => unwrap(api.POST('/v1/dev/me/mfa/totp', { body: { password } })) });
}

const confirmTotp = (code: string) => unwrap(api.POST('/v1/dev/me/mfa/totp/confirm', { body: { code } }));

/** Turns the second factor on with a code from the app; answers the recovery codes, once. */
export const useConfirmTotp = (reactions: Reactions<typeof confirmTotp> = {}) => useChange(confirmTotp, reactions, meKeys.all);

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: JsonBody<'/v1/dev/me/password', 'post'>) => unwrap(api.POST('/v1/dev/me/password', { body })),
  });
}

const verifySecondFactor = (code: string) => unwrap(api.POST('/v1/dev/me/mfa/verify', { body: { code } }));

/** Proves the second factor inside this session (one enrolled from another session, say). */
export const useVerifySecondFactor = (reactions: Reactions<typeof verifySecondFactor> = {}) =>
  useChange(verifySecondFactor, reactions, meKeys.all);
