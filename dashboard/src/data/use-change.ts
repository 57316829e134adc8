import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { MutationReactions } from './types';

/**
 * A mutation whose answer makes `stale` out of date: `call`, then the screen's reactions, then
 * everything under `stale` asked again (not awaited: the mutation is done when the call answers).
 * `settled` asks again after a refusal too, for a change the server may have made all the same.
 */
export function useChange<TData, TVariables>(
  call: (variables: TVariables) => Promise<TData>,
  reactions: MutationReactions<TData, TVariables>,
  stale: QueryKey,
  askAgainOn: 'success' | 'settled' = 'success',
) {
  const client = useQueryClient();
  const askAgain = () => void client.invalidateQueries({ queryKey: stale });
  return useMutation({
    ...reactions,
    mutationFn: call,
    onSuccess: (...args) => {
      const reacted = reactions.onSuccess?.(...args);
      if (askAgainOn === 'success') askAgain();
      return reacted;
    },
    onSettled: (...args) => {
      const reacted = reactions.onSettled?.(...args);
      if (askAgainOn === 'settled') askAgain();
      return reacted;
    },
  });
}
