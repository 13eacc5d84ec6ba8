import { keyRoots } from '../../../lib/cache/key-roots.ts';

/** Keys of reporting: the viewer's own reports, remembered on this device, and its mutation. */
export const reportKeys = {
  all: keyRoots.reports,
  reported: (type: 'post' | 'comment', id: string) => [...reportKeys.all, 'reported', type, id] as const,
  /** The key of one of the feature's mutations (their defaults are registered in register.ts). */
  mutation: (name: string) => [...reportKeys.all, name] as const,
};
