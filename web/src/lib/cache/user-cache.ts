import type { User } from '@quorum/shared/entities/users';
import type { QueryClient } from '@tanstack/react-query';
import { writeEntity } from './entity-cache.ts';

export function isUser(value: object): value is User {
  return 'username' in value && 'points' in value && 'aboutMe' in value;
}

/** Replaces the user wherever it is cached: the session, their profile, lists of users. */
export function updateCachedUser(client: QueryClient, id: string, update: (user: User) => User): void {
  writeEntity(client, isUser, id, update);
}

/** Writes the server's answer to a write of the user (profile, picture, badges) over every cached copy. */
export function applyServerUser(client: QueryClient, user: User): void {
  updateCachedUser(client, user.id, (cached) => ({ ...cached, ...user }));
}
