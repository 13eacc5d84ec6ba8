import type { QueryClient } from '@tanstack/react-query';
import { registerMutations } from '../mutation-definition.ts';
import { registerWriteKind } from '../outbox/outbox.ts';
import { login } from './login.ts';
import { logout } from './logout.ts';
import { muteWrite } from './mutes.ts';
import { signup } from './signup.ts';

/** The session's mutations (login, logout, signup) and its outbox write (mutes). */
export function registerSessionMutations(client: QueryClient): void {
  registerMutations(client, [login, logout, signup]);
  registerWriteKind(client, 'mute', muteWrite);
}
