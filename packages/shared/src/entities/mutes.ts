import { Type, type Static } from '@sinclair/typebox';
import { MUTE_TYPES } from '../constants.ts';
import { CommunityRef, UserRef } from './refs.ts';
import { Nullable, OneOf } from './schema.ts';

export type MuteType = (typeof MUTE_TYPES)[number];

export const Mute = Type.Object({
  id: Type.String(),
  type: OneOf(MUTE_TYPES),
  mutedUserId: Nullable(Type.String()),
  mutedCommunityId: Nullable(Type.String()),
  mutedUser: Type.Optional(UserRef),
  mutedCommunity: Type.Optional(CommunityRef),
  createdAt: Type.String(),
});
export type Mute = Static<typeof Mute>;

export const Mutes = Type.Object({ userMutes: Type.Array(Mute), communityMutes: Type.Array(Mute) });
export type Mutes = Static<typeof Mutes>;
