import type { LIST_FILTERS, LIST_ORDERS } from '@quorum/shared/constants';
import { savedToKeys } from '../../../lib/saved-to.ts';
import { keyRoots } from '../../../lib/cache/key-roots.ts';

export type ListOrder = (typeof LIST_ORDERS)[number];
export type ListFilter = (typeof LIST_FILTERS)[number];

/** Query keys of lists, under each owner's name (in lower case, as names are matched). */
export const listKeys = {
  all: keyRoots.lists,
  ofUser: (username: string) => [...listKeys.all, 'user', username.toLowerCase()] as const,
  index: (username: string, sort: ListOrder, filter: ListFilter) => [...listKeys.ofUser(username), 'index', { sort, filter }] as const,
  detail: (username: string, name: string) => [...listKeys.ofUser(username), 'detail', name.toLowerCase()] as const,
  items: (username: string, name: string) => [...listKeys.ofUser(username), 'items', name.toLowerCase()] as const,
  /** The saved marks of posts and comments, shared with the post page (lib/saved-to.ts). */
  savedTos: savedToKeys.all,
  savedTo: savedToKeys.item,
  /** The key of one of the feature's mutations (their defaults are registered in register.ts). */
  mutation: (name: string) => [...listKeys.all, name] as const,
};
