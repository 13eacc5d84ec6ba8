import type { MODERATED_POST_FILTERS } from '@quorum/shared/constants';
import { keyRoots } from '../../../lib/cache/key-roots.ts';

export type ModeratedPostFilter = (typeof MODERATED_POST_FILTERS)[number];

/**
 * Query keys of the moderation area. Each sits under the root of the kind of data it holds, so
 * that refreshing posts, reports or communities refreshes the modtools lists too. Their queries
 * are not saved for offline use (`persist: false`): moderators act on what the server has now,
 * never on a copy restored from an earlier visit.
 */
export const modtoolsKeys = {
  moderatedPosts: (communityId: string) => [...keyRoots.posts, 'moderated', communityId] as const,
  moderatedPostsPage: (communityId: string, filter: ModeratedPostFilter, page: number) =>
    [...modtoolsKeys.moderatedPosts(communityId), filter, page] as const,
  reports: (communityId: string) => [...keyRoots.reports, 'community', communityId] as const,
  reportsPage: (communityId: string, filter: string, page: number) => [...modtoolsKeys.reports(communityId), filter, page] as const,
  banned: (communityId: string) => [...keyRoots.communities, 'banned', communityId] as const,
  mods: (communityId: string) => [...keyRoots.communities, 'mods', communityId] as const,
  rules: (communityId: string) => [...keyRoots.communities, 'rules', communityId] as const,
  /** The approval queue holds posts and comments, so it sits under the posts' root. */
  held: (communityId: string) => [...keyRoots.posts, 'held', communityId] as const,
  /**
   * The key of one of the feature's mutations (their defaults are registered in register.ts). A
   * mutation holds no data, so its key sits under the feature's own name.
   */
  mutation: (name: string) => ['modtools', name] as const,
};
