import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';

/** At most this many codes per request, as GET /v1/dev/airlines takes them. */
const MAX_CODES = 50;

/**
 * The names of the airlines `codes` (GET /v1/dev/airlines): one request for every airline of a
 * list, kept for the session (names do not change while it is open). Empty until it answers, and a
 * code the reference data does not name is left out: the screen then shows the code alone.
 */
export function useAirlineNames(codes: readonly string[]): ReadonlyMap<string, string> {
  const asked = [...new Set(codes)].sort().slice(0, MAX_CODES);
  const names = useQuery({
    queryKey: ['airline-names', asked],
    queryFn: () => unwrap(api.GET('/v1/dev/airlines', { params: { query: { iata: asked.join(',') } } })),
    enabled: asked.length > 0,
    staleTime: Infinity,
  });
  const data = names.data;
  return useMemo(() => new Map((data?.airlines ?? []).flatMap((a) => (a.name ? [[a.iata, a.name] as const] : []))), [data]);
}
