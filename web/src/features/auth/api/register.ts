import type { QueryClient } from '@tanstack/react-query';
import { registerMutations } from '../../../lib/mutation-definition.ts';
import { confirmEmail } from './confirm-email.ts';
import { forgotPassword } from './forgot-password.ts';

/** The auth screens' own mutations (logging in and out, signing up and resetting are the session's). */
export function registerAuthMutations(client: QueryClient): void {
  registerMutations(client, [forgotPassword, confirmEmail]);
}
