import type { QueryClient } from '@tanstack/react-query';
import { registerMutations } from '../mutation-definition.ts';
import { passkeyCheck, passkeySignIn } from '../passkeys.ts';
import { registerWriteKind } from '../outbox/outbox.ts';
import { login, loginCode, resetPassword } from './login.ts';
import { logout } from './logout.ts';
import { muteWrite } from './mutes.ts';
import { reauth } from './recent-check.ts';
import { signup } from './signup.ts';

/**
 * The session's mutations (login and its second step, passkey sign-in, logout, signup, a password
 * reset, identity checks) and its outbox write (mutes).
 */
export function registerSessionMutations(client: QueryClient): void {
  registerMutations(client, [login, loginCode, logout, signup, resetPassword, reauth, passkeySignIn, passkeyCheck]);
  registerWriteKind(client, 'mute', muteWrite);
}
