// The cast of the authorization matrix tests: one actor of every role the spec names, around one
// community. Roles that no call can give yet (a ban, a junior mod) are written to the database.
import type { Community } from '@quorum/shared/entities/communities';
import { makeAdmin, makeCommunity, makeUser, visitor } from './factories.ts';
import type { Browser, TestApp } from './app.ts';

export const ROLES = ['visitor', 'member', 'bannedMember', 'otherMod', 'juniorMod', 'seniorMod', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface Actor {
  browser: Browser;
  /** Undefined for the visitor. */
  id: string | undefined;
  username: string | undefined;
}

export interface Cast {
  /** Moderated by `seniorMod` (position 0) and `juniorMod` (position 1); `member` and `bannedMember` joined it. */
  community: Community;
  /** Moderated by `otherMod` only. */
  otherCommunity: Community;
  actors: Record<Role, Actor>;
}

export async function makeCast(t: TestApp): Promise<Cast> {
  const [member, bannedMember, otherMod, juniorMod, seniorMod, admin] = await Promise.all([
    makeUser(t),
    makeUser(t),
    makeUser(t),
    makeUser(t),
    makeUser(t),
    makeAdmin(t),
  ]);
  const community = await makeCommunity(seniorMod.browser);
  const otherCommunity = await makeCommunity(otherMod.browser);
  await t.sql`insert into community_mods (community_id, user_id, position, added_by)
    values (${community.id}, ${juniorMod.user.id}, 1, ${seniorMod.user.id})`;
  for (const user of [member, bannedMember, juniorMod]) {
    await t.sql`insert into community_members (community_id, user_id) values (${community.id}, ${user.user.id}) on conflict do nothing`;
  }
  await t.sql`insert into community_bans (community_id, user_id, banned_by) values (${community.id}, ${bannedMember.user.id}, ${seniorMod.user.id})`;

  const actor = (signedUp: Awaited<ReturnType<typeof makeUser>>): Actor => ({
    browser: signedUp.browser,
    id: signedUp.user.id,
    username: signedUp.username,
  });
  return {
    community,
    otherCommunity,
    actors: {
      visitor: { browser: await visitor(t), id: undefined, username: undefined },
      member: actor(member),
      bannedMember: actor(bannedMember),
      otherMod: actor(otherMod),
      juniorMod: actor(juniorMod),
      seniorMod: actor(seniorMod),
      admin: actor(admin),
    },
  };
}

/** The status every role gets from a call that only admins may make. */
export const ADMIN_ONLY: Record<Role, number> = {
  visitor: 401,
  member: 403,
  bannedMember: 403,
  otherMod: 403,
  juniorMod: 403,
  seniorMod: 403,
  admin: 200,
};
