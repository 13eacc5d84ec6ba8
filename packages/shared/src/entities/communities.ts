import { Type, type Static } from '@sinclair/typebox';
import type { COMMUNITY_SORTS } from '../constants.ts';
import { Image } from './images.ts';
import { UserRef } from './refs.ts';
import { Nullable } from './schema.ts';

export type CommunitySort = (typeof COMMUNITY_SORTS)[number];

export const Rule = Type.Object({ id: Type.String(), rule: Type.String(), description: Nullable(Type.String()), zIndex: Type.Number() });
export type Rule = Static<typeof Rule>;

export const Rules = Type.Array(Rule);

export const Community = Type.Object({
  id: Type.String(),
  name: Type.String(),
  proPic: Nullable(Image),
  bannerImage: Nullable(Image),
  about: Nullable(Type.String()),
  noMembers: Type.Number(),
  userJoined: Type.Boolean(),
  userMod: Type.Boolean(),
  /** Whether the viewer muted the community. */
  isMuted: Type.Boolean(),
  mods: Type.Array(UserRef),
  rules: Rules,
  isDefault: Type.Boolean(),
  postingRestricted: Type.Boolean(),
  createdAt: Type.String(),
});
export type Community = Static<typeof Community>;

export const Communities = Type.Array(Community);

/** GET /api/communities, as the client reads it: the next page's cursor comes from the `Link` header. */
export interface CommunitiesPage {
  communities: Community[];
  next: string | null;
}
