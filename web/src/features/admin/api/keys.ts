import { keyRoots } from '../../../lib/cache/key-roots.ts';

/** Query keys of the admin dashboard's data. */
export const adminKeys = {
  all: keyRoots.admin,
  siteSettings: () => [...adminKeys.all, 'site-settings'] as const,
  /** Every users list, or the one of a search (`''` is the whole list). */
  users: (search?: string) => (search === undefined ? ([...adminKeys.all, 'users'] as const) : ([...adminKeys.all, 'users', search] as const)),
  comments: () => [...adminKeys.all, 'comments'] as const,
  communities: () => [...adminKeys.all, 'communities'] as const,
  ipBlocks: () => [...adminKeys.all, 'ip-blocks'] as const,
  communityRequests: () => [...adminKeys.all, 'community-requests'] as const,
  bssEvents: () => [...adminKeys.all, 'bss-events'] as const,
  health: () => [...adminKeys.all, 'health'] as const,
  /** The key of one of the feature's mutations (their defaults are registered in register.ts). */
  mutation: (name: string) => [...adminKeys.all, name] as const,
};
