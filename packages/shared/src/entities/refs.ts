// Users and communities as other entities name them.
import { Type, type Static } from '@sinclair/typebox';
import { Image } from './images.ts';
import { Nullable } from './schema.ts';

/** A user named by id and username. */
export const UserRef = Type.Object({ id: Type.String(), username: Type.String() });
export type UserRef = Static<typeof UserRef>;

export const CommunityRef = Type.Object({ id: Type.String(), name: Type.String(), proPic: Nullable(Image) });
export type CommunityRef = Static<typeof CommunityRef>;
