import { ApiError, genericErrorMessage } from '@quorum/client/api-error';
import { Messages } from '@quorum/shared/errors';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';
import { adminKeys } from './keys.ts';

/** GET /api/ipblocks: the blocks, newest first, page by page. */
export const ipBlocksOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.ipBlocks(),
    queryFn: ({ pageParam, signal }) => api.getIpBlocks(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
    meta: { persist: false },
  });

/** What the Block IP form says about a failure: 'Error blocking IP: {message}'. */
export function blockIpErrorMessage(error: Error): string {
  return Messages.blockIpFailed(error instanceof ApiError && !error.body ? genericErrorMessage(error) : error.message);
}

/** POST /api/ipblocks; the form shows its failures itself. */
export function useBlockIp() {
  return useDefinedMutation(mutations.blockIp, {
    meta: { handlesError: () => true },
    onSuccess: (_block, _body, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: adminKeys.ipBlocks() }),
  });
}

/** DELETE /api/ipblocks/{id}: the block stops at once and stays listed as cancelled. */
export function useCancelIpBlock() {
  return useDefinedMutation(mutations.cancelIpBlock, {
    onSuccess: (_block, _variables, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: adminKeys.ipBlocks() }),
  });
}
