import type { CommunitySort } from '@quorum/shared/entities/communities';
import { keyRoots } from '../../../lib/cache/key-roots.ts';

export interface CommunitiesParams {
  sort: CommunitySort;
  /** Search text; empty for the whole list. */
  q: string;
}

/** Query keys of communities: the all-communities list and single communities by name. */
export const communityKeys = {
  all: keyRoots.communities,
  lists: () => [...communityKeys.all, 'list'] as const,
  list: (params: CommunitiesParams) => [...communityKeys.lists(), params] as const,
  /** The community picker's suggestions for some search text (empty for the largest communities). */
  suggestions: (q: string) => [...communityKeys.all, 'suggestions', q] as const,
  details: () => [...communityKeys.all, 'detail'] as const,
  /** Names are case-insensitive, so the key holds the lower-case name. */
  detail: (name: string) => [...communityKeys.details(), name.toLowerCase()] as const,
  /** The key of one of the feature's mutations (their defaults are registered in register.ts). */
  mutation: (name: string) => [...communityKeys.all, name] as const,
};
