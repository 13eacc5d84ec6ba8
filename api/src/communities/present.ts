import type { Community, Rule } from '@quorum/shared/types';
import { presentImage } from '../images/present.ts';
import type { CommunityRow, RuleRow } from './queries.ts';

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
    noMembers: row.noMembers,
    userJoined: row.userJoined,
    userMod: row.userMod,
    mods: row.mods.map((mod) => ({ id: mod.id, username: mod.username })),
    rules: row.rules.map(presentRule),
    isDefault: row.isDefault,
    postingRestricted: row.postingRestricted,
    createdAt: row.createdAt.toISOString(),
  };
}
