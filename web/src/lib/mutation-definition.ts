/**
 * A mutation described once, beside the hook that uses it: its key (from its owner's key factory)
 * and the API call it makes, registered as the query client's mutation defaults by its owner's
 * register function. The variables carry everything the call needs, never a value captured by a
 * hook, so any mutation can run again from its variables alone. Hooks add what their screens need
 * with `useDefinedMutation(definition, { onSuccess, meta, … })`. Writes that must survive going
 * offline are outbox kinds instead (lib/outbox/outbox.ts), registered by the same owners.
 */
import { useMutation, type MutationKey, type QueryClient, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';

export interface MutationDefinition<V, R> {
  key: MutationKey;
  call: (variables: V) => Promise<R>;
}

export function defineMutation<V, R>(key: MutationKey, call: (variables: V) => Promise<R>): MutationDefinition<V, R> {
  return { key, call };
}

/** Makes each definition's call the default of its key, so a mutation started by key alone runs it. */
export function registerMutations(client: QueryClient, definitions: ReadonlyArray<MutationDefinition<never, unknown>>): void {
  for (const definition of definitions) {
    client.setMutationDefaults(definition.key, { mutationFn: definition.call });
  }
}

/** A mutation from its definition: the call comes from the defaults, the hook adds the rest. */
export function useDefinedMutation<V, R, C = unknown>(
  definition: MutationDefinition<V, R>,
  options: Omit<UseMutationOptions<R, Error, V, C>, 'mutationKey' | 'mutationFn'> = {},
): UseMutationResult<R, Error, V, C> {
  return useMutation<R, Error, V, C>({ ...options, mutationKey: definition.key });
}
