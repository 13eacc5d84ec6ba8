import type { IpBlock } from '@quorum/shared/entities/ip-blocks';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { adminKeys } from './keys.ts';

export const cancelIpBlock = defineMutation(adminKeys.mutation('cancel-ip-block'), ({ id }: { id: string }): Promise<IpBlock> => api.cancelIpBlock(id));

/** DELETE /api/ipblocks/{id}: the block stops at once and stays listed as cancelled. */
export function useCancelIpBlock() {
  return useDefinedMutation(cancelIpBlock, {
    onSuccess: (_block, _variables, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: adminKeys.ipBlocks() }),
  });
}
