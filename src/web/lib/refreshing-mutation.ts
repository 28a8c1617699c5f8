import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A change whose answer makes some queries stale: they are read again, and the mutation stays
 * pending until they are. `onAnswer` runs when the server has accepted, before that: a form cleared
 * there cannot clear what someone typed once a list had already shown the change (one of the lists
 * refreshes sooner than the others).
 */
export function useRefreshingMutation<T, R>(
  fn: (input: T) => Promise<R>,
  keys: readonly QueryKey[],
  onAnswer?: (answer: R, input: T) => void,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (answer: R, input: T) => {
      onAnswer?.(answer, input);
      await Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
  });
}
