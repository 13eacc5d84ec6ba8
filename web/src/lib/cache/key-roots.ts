/**
 * The roots of the query keys, one per kind of data. The features build their keys on them; code
 * that must refresh a kind of data it does not own (a join refreshes the feeds) invalidates a root.
 */
export const keyRoots = {
  posts: ['posts'] as const,
  feeds: ['posts', 'feed'] as const,
  comments: ['comments'] as const,
  communities: ['communities'] as const,
  session: ['session'] as const,
  lists: ['lists'] as const,
  users: ['users'] as const,
  reports: ['reports'] as const,
  notifications: ['notifications'] as const,
  admin: ['admin'] as const,
};
