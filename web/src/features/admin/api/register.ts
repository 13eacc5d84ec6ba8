import type { QueryClient } from '@tanstack/react-query';
import { registerMutations } from '../../../lib/mutation-definition.ts';
import { blockIp } from './block-ip.ts';
import { cancelIpBlock } from './cancel-ip-block.ts';
import { denyCommunityRequest } from './deny-community-request.ts';
import { sendTestMail } from './send-test-mail.ts';
import { setDefaultCommunity } from './set-default-community.ts';
import { updateSiteSettings } from './update-site-settings.ts';

/** The admin dashboard's mutations. */
export function registerAdminMutations(client: QueryClient): void {
  registerMutations(client, [updateSiteSettings, setDefaultCommunity, denyCommunityRequest, blockIp, cancelIpBlock, sendTestMail]);
}
