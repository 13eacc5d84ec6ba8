/** Keys of the settings screens, which read the session's data, the list of sessions, and own their mutations. */
export const settingsKeys = {
  all: ['settings'] as const,
  /** The member's sessions (GET /api/sessions). */
  sessions: () => [...settingsKeys.all, 'sessions'] as const,
  /** The member's two-step sign-in state (GET /api/two_step). */
  twoStep: () => [...settingsKeys.all, 'two-step'] as const,
  /** The key of one of the feature's mutations (their defaults are registered in register.ts). */
  mutation: (name: string) => [...settingsKeys.all, name] as const,
};
