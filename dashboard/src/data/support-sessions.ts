import { useMutation } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { JsonBody, Reactions } from './types';

/** Opens a support session (support.session): a token that acts on the agency's behalf, recorded as support. */
const openSupportSession = (body: JsonBody<'/v1/admin/support-sessions', 'post'>) =>
  unwrap(api.POST('/v1/admin/support-sessions', { body }));

export function useOpenSupportSession(reactions: Reactions<typeof openSupportSession> = {}) {
  return useMutation({ ...reactions, mutationFn: openSupportSession });
}
