import type { QueryClient } from '@tanstack/react-query';
import { registerMutations } from '../mutation-definition.ts';
import { registerWriteKind } from '../outbox/outbox.ts';
import { login, resetPassword } from './login.ts';
import { logout } from './logout.ts';
import { muteWrite } from './mutes.ts';
import { signup } from './signup.ts';

/** The session's mutations (login, logout, signup, a password reset) and its outbox write (mutes). */
export function registerSessionMutations(client: QueryClient): void {
  registerMutations(client, [login, logout, signup, resetPassword]);
  registerWriteKind(client, 'mute', muteWrite);
}
