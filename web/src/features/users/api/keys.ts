import { keyRoots } from '../../../lib/cache/key-roots.ts';

/** The profile feed's kinds: both (overview), posts only, comments only. */
export type UserFeedFilter = 'overview' | 'posts' | 'comments';

/** The profile feed's filter from the address's `?filter=`: overview unless it names posts or comments. */
export function userFeedFilterFrom(value: string | null): UserFeedFilter {
  return value === 'posts' || value === 'comments' ? value : 'overview';
}

/** Query keys of user profiles by name (case-insensitive). */
export const userKeys = {
  all: ['users'] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (username: string) => [...userKeys.details(), username.toLowerCase()] as const,
  /** The key of one of the feature's mutations (their defaults are registered in register.ts). */
  mutation: (name: string) => [...userKeys.all, name] as const,
};

/**
 * Query keys of profile feeds (posts and comments of one user). They sit under the posts' root, so
 * that refreshing posts covers the posts shown on profiles too. Names are case-insensitive.
 */
export const userFeedKeys = {
  all: [...keyRoots.posts, 'user-feed'] as const,
  feed: (username: string, filter: UserFeedFilter) => [...userFeedKeys.all, username.toLowerCase(), filter] as const,
};
