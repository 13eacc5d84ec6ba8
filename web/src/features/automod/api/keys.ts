import { keyRoots } from '../../../lib/cache/key-roots.ts';

/**
 * Query keys of the watched words and new-member limits: a community's sits under the
 * communities root, the site's under the admin dashboard's. They are not saved for offline use
 * (`persist: false`): a list is edited from what the server has now.
 */
export const automodKeys = {
  community: (communityId: string) => [...keyRoots.communities, 'automod', communityId] as const,
  site: () => [...keyRoots.admin, 'automod'] as const,
  /** The key of one of the feature's mutations (their defaults are registered in register.ts). */
  mutation: (name: string) => ['automod', name] as const,
};
