import type { QueryClient } from '@tanstack/react-query';
import { modtoolsKeys } from './keys.ts';

/** Acting on reported content settles its open reports and may move it into the removed or locked list. */
export function refreshModeration(client: QueryClient, communityId: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: modtoolsKeys.reports(communityId) }),
    client.invalidateQueries({ queryKey: modtoolsKeys.moderatedPosts(communityId) }),
  ]);
}
