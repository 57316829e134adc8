import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { Reactions } from './types';
import { useChange } from './use-change';

/** For billing operators (billing.manage): the plan catalogue, the agencies on each, a plan changed. */
export const adminAgencyKeys = {
  plans: ['plans'] as const,
  all: ['agencies'] as const,
  onPlan: (planCode: string) => ['agencies', planCode] as const,
};

export function usePlans() {
  return useQuery({ queryKey: adminAgencyKeys.plans, queryFn: () => unwrap(api.GET('/v1/admin/plans')) });
}

/** Every agency, or those on one plan ('' for every plan). */
export function useAgencies(planCode: string) {
  return useQuery({
    queryKey: adminAgencyKeys.onPlan(planCode),
    queryFn: () => unwrap(api.GET('/v1/admin/agencies', { params: { query: planCode ? { plan_code: planCode } : {} } })),
  });
}

const changePlan = ({ id, code }: { id: string; code: string }) =>
  unwrap(api.PATCH('/v1/admin/agencies/{id}', { params: { path: { id } }, body: { plan_code: code } }));

/** The API's PATCH, so the change is audited and applies to the agency's next request everywhere. */
export const useChangePlan = (reactions: Reactions<typeof changePlan> = {}) =>
  useChange(changePlan, reactions, adminAgencyKeys.all);
