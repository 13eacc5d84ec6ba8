import type { User } from '@quorum/shared/entities/users';
import type { QueryClient } from '@tanstack/react-query';
import { writeEntity, resolveWrite, type EntityWrite } from './entity-cache.ts';

export function isUser(value: object): value is User {
  return 'username' in value && 'points' in value && 'aboutMe' in value;
}

/**
 * Writes the user wherever it is cached: the session, their profile, lists of users. A copy keeps
 * the fields an answer leaves out.
 */
export function writeUser(client: QueryClient, ...write: EntityWrite<User>): void {
  writeEntity(client, isUser, ...resolveWrite(write, (cached, user) => ({ ...cached, ...user })));
}
