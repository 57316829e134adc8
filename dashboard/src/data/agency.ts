import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';

/** The signed-in user's agency: its usage this billing period, its terms and search limits. */
export const agencyKeys = {
  usage: ['usage'] as const,
  terms: ['agency-terms'] as const,
};

/** Plan, allowance and requests by day (GET /v1/dev/usage). */
export function useUsage({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: agencyKeys.usage, queryFn: () => unwrap(api.GET('/v1/dev/usage')), enabled });
}

/** Billing status, accreditation and search limits (GET /v1/dev/agency). */
export function useAgencyTerms({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: agencyKeys.terms, queryFn: () => unwrap(api.GET('/v1/dev/agency')), enabled });
}
