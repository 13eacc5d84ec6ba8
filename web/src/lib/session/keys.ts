import { keyRoots } from '../cache/key-roots.ts';

/** Query keys of the session: the bootstrap data and the polled current user. */
export const sessionKeys = {
  all: keyRoots.session,
  initial: () => [...sessionKeys.all, 'initial'] as const,
  currentUser: () => [...sessionKeys.all, 'current-user'] as const,
  /** The key of one of the session's mutations (their defaults are registered in register.ts). */
  mutation: (name: string) => [...sessionKeys.all, name] as const,
};
