import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { JsonBody, Reactions } from './types';
import { useChange } from './use-change';

/** The agency's API keys: a change to one (created, edited, rotated, revoked) refreshes the list. */
export const apiKeyKeys = {
  all: ['keys'] as const,
};

export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.all, queryFn: () => unwrap(api.GET('/v1/dev/api-keys')) });
}

/** Answers the new key's secret, shown once. */
const createKey = (body: JsonBody<'/v1/dev/api-keys', 'post'>) => unwrap(api.POST('/v1/dev/api-keys', { body }));
/** Only the fields sent change; an empty list removes that restriction. */
const updateKey = ({ id, body }: { id: string; body: JsonBody<'/v1/dev/api-keys/{id}', 'patch'> }) =>
  unwrap(api.PATCH('/v1/dev/api-keys/{id}', { params: { path: { id } }, body }));
/** A new secret for the key, shown once; the old one is revoked. */
const rotateKey = (id: string) => unwrap(api.POST('/v1/dev/api-keys/{id}/rotate', { params: { path: { id } } }));
const revokeKey = (id: string) => unwrap(api.DELETE('/v1/dev/api-keys/{id}', { params: { path: { id } } }));
/** A key's secret again; the API may ask for the current password first (step-up). */
const revealKey = ({ id, password }: { id: string; password?: string }) =>
  unwrap(api.POST('/v1/dev/api-keys/{id}/secret', { params: { path: { id } }, body: password ? { password } : {} }));

export const useCreateKey = (reactions: Reactions<typeof createKey> = {}) => useChange(createKey, reactions, apiKeyKeys.all);
export const useUpdateKey = (reactions: Reactions<typeof updateKey> = {}) => useChange(updateKey, reactions, apiKeyKeys.all);
export const useRotateKey = (reactions: Reactions<typeof rotateKey> = {}) => useChange(rotateKey, reactions, apiKeyKeys.all);
export const useRevokeKey = (reactions: Reactions<typeof revokeKey> = {}) => useChange(revokeKey, reactions, apiKeyKeys.all);

/** Revealing changes nothing, so nothing is refreshed. */
export function useRevealKey(reactions: Reactions<typeof revealKey> = {}) {
  return useMutation({ ...reactions, mutationFn: revealKey });
}
