import type { UseMutationOptions } from '@tanstack/react-query';
import type { paths } from '../api/schema';

/**
 * A screen's own reaction to a mutation's outcome (close a dialog, show a secret once): a data hook
 * runs it before its own (asking again for what the change made stale).
 */
export type MutationReactions<TData, TVariables> = Pick<
  UseMutationOptions<TData, Error, TVariables>,
  'onSuccess' | 'onError' | 'onSettled'
>;

/** The reactions to `Call`'s outcome: its answer and its argument. */
export type Reactions<Call extends (variables: never) => Promise<unknown>> = MutationReactions<
  Awaited<ReturnType<Call>>,
  Parameters<Call>[0]
>;

/** The JSON body an operation takes, as the gateway's description declares it. */
export type JsonBody<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;
