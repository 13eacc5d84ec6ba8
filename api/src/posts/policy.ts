import type { UserGroup } from '@quorum/shared/types';
import type { Standing } from '../communities/policy.ts';

interface Actor {
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

/** Purging a post's content: its author and admins only (mods can delete, not purge). */
export function canPurgeContent(user: Actor, authorId: string): boolean {
  return user.isAdmin || user.id === authorId;
}
