import { ApiError, genericErrorMessage } from '@quorum/client/api-error';
import { Messages } from '@quorum/shared/errors';
import type { IpBlock } from '@quorum/shared/entities/ip-blocks';
import type { IpBlockBody } from '@quorum/shared/schemas/admin';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { adminKeys } from './keys.ts';

export const blockIp = defineMutation(adminKeys.mutation('block-ip'), (body: IpBlockBody): Promise<IpBlock> => api.blockIp(body));

/** What the Block IP form says about a failure: 'Error blocking IP: {message}'. */
export function blockIpErrorMessage(error: Error): string {
  return Messages.blockIpFailed(error instanceof ApiError && !error.body ? genericErrorMessage(error) : error.message);
}

/** POST /api/ipblocks; the form shows its failures itself. */
export function useBlockIp() {
  return useDefinedMutation(blockIp, {
    meta: { handlesError: () => true },
    onSuccess: (_block, _body, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: adminKeys.ipBlocks() }),
  });
}
