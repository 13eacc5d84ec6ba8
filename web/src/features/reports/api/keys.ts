import { keyRoots } from '../../../lib/cache/key-roots.ts';

/** Keys of reporting: it owns no query, only its mutation. */
export const reportKeys = {
  all: keyRoots.reports,
  /** The key of one of the feature's mutations (their defaults are registered in register.ts). */
  mutation: (name: string) => [...reportKeys.all, name] as const,
};
