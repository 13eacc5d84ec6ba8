/** Keys of the settings screens, which read the session's data and own only their mutations. */
export const settingsKeys = {
  all: ['settings'] as const,
  /** The key of one of the feature's mutations (their defaults are registered in register.ts). */
  mutation: (name: string) => [...settingsKeys.all, name] as const,
};
