import type { Community, Rule } from '@quorum/shared/entities/communities';
import { presentImage, type ImageJson } from '../images/present.ts';

export interface RuleRow {
  id: string;
  rule: string;
  description: string | null;
  zIndex: number;
}

export interface CommunityRow {
  id: string;
  name: string;
  about: string | null;
  noMembers: number;
  postingRestricted: boolean;
  createdAt: Date;
  proPic: ImageJson | null;
  bannerImage: ImageJson | null;
  isDefault: boolean;
  userJoined: boolean;
  userMod: boolean;
  isMuted: boolean;
  mods: Array<{ id: string; username: string }>;
  rules: RuleRow[];
}

/** What a community says of its viewer, with its member count as it is now. */
export type CommunityViewerRow = Pick<CommunityRow, 'noMembers' | 'userJoined' | 'userMod' | 'isMuted'>;

export function presentRule(row: RuleRow): Rule {
  return {
    id: row.id,
    rule: row.rule,
    description: row.description,
    zIndex: row.zIndex,
  };
}

export function presentCommunity(row: CommunityRow): Community {
  return {
    id: row.id,
    name: row.name,
    proPic: presentImage(row.proPic),
    bannerImage: presentImage(row.bannerImage),
    about: row.about,
    ...viewerFields(row),
    mods: row.mods.map((mod) => ({ id: mod.id, username: mod.username })),
    rules: row.rules.map(presentRule),
    isDefault: row.isDefault,
    postingRestricted: row.postingRestricted,
    createdAt: row.createdAt.toISOString(),
  };
}

function viewerFields(row: CommunityViewerRow) {
  return {
    noMembers: row.noMembers,
    userJoined: row.userJoined,
    userMod: row.userMod,
    isMuted: row.isMuted,
  } satisfies Partial<Community>;
}

/**
 * A community presented to nobody in particular (a visitor), as a member sees it: the two differ
 * only in what `viewerFields` says.
 */
export function presentCommunityToMember(community: Community, row: CommunityViewerRow): Community {
  return { ...community, ...viewerFields(row) };
}
