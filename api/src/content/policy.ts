// Who may do what with posts and comments: where a user stands in a community, and acting as a group.
import type { UserGroup } from '@quorum/shared/entities/users';

/** Where a user stands in a community. */
export interface Standing {
  isMember: boolean;
  isMod: boolean;
  isBanned: boolean;
}

/** Admins moderate every community; mods their own. */
export function canModerate(user: { isAdmin: boolean } | null, standing: Standing): boolean {
  return Boolean(user?.isAdmin) || standing.isMod;
}

export interface Actor {
  id: string;
  isAdmin: boolean;
}

/** Whether `user` may speak, lock or delete as `group` in a community where they have `standing`. */
export function canActAs(user: Actor, standing: Standing, group: UserGroup): boolean {
  if (group === 'admins') return user.isAdmin;
  if (group === 'mods') return standing.isMod;
  return true;
}

/** Deleting as a group: the author as normal, mods as mods, admins as admins. */
export function canDeleteAs(user: Actor, standing: Standing, authorId: string, group: UserGroup): boolean {
  if (group === 'normal') return user.id === authorId;
  return canActAs(user, standing, group);
}
