import { createContext } from 'react';

/** Asks the member to prove who they are; resolves true once they did, false when they gave up. */
export type AskIdentity = () => Promise<boolean>;

export const ConfirmIdentityContext = createContext<AskIdentity | null>(null);
