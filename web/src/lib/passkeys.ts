// The browser's side of passkeys (WebAuthn, through @simplewebauthn/browser): each ceremony asks
// the API for options, lets the browser prompt the member (fingerprint, face, screen lock, security
// key) and sends its answer back. A prompt the member closes, or that times out, is no failure:
// the ceremonies then resolve with null (or false) and the screens stay calm. The library is
// loaded with the first ceremony, not with the app.
import { ApiError, genericErrorMessage } from '@quorum/client/api-error';
import type { Passkey } from '@quorum/shared/entities/passkeys';
import type { User } from '@quorum/shared/entities/users';
import { queryOptions } from '@tanstack/react-query';
import { useBrowserSupports } from '../hooks/use-browser-supports.ts';
import { api } from './api-client.ts';
import { defineMutation, useDefinedMutation } from './mutation-definition.ts';
import { staleTimes } from './query-client.ts';
import { sessionKeys } from './session/keys.ts';
import { applySessionChange } from './session/session-change.ts';

const webAuthn = () => import('@simplewebauthn/browser');

/** True where the browser can create and use passkeys (the test of the library's browserSupportsWebAuthn). */
export function passkeysSupported(): boolean {
  return typeof globalThis.PublicKeyCredential === 'function';
}

/** Whether the browser can use passkeys; false while rendering outside a browser. */
export function usePasskeysSupported(): boolean {
  return useBrowserSupports(passkeysSupported);
}

/** The member closed the browser's passkey prompt, or let it time out. */
export function isPasskeyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

/** What to tell the member about a ceremony that failed (not one they cancelled). */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.body ? error.message : genericErrorMessage(error);
  if (error instanceof Error && 'code' in error && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return 'This device already has a passkey for your account.';
  }
  return 'Your browser could not use a passkey. Try again, or use your password.';
}

/** Runs the browser's prompt; null when the member cancelled it. */
async function prompt<T>(ceremony: () => Promise<T>): Promise<T | null> {
  try {
    return await ceremony();
  } catch (error) {
    if (isPasskeyCancelled(error)) return null;
    throw error;
  }
}

/**
 * Creates a passkey on this device (or a phone, a security key) and adds it to the member's
 * account, named `name` or after this browser. Needs a recent identity check: the API's 403
 * `reauth_required` comes through for useRecentCheck. Null when the member cancelled.
 */
export async function registerPasskey(name?: string): Promise<Passkey | null> {
  const [optionsJSON, { startRegistration }] = await Promise.all([api.getPasskeyCreationOptions(), webAuthn()]);
  const response = await prompt(() => startRegistration({ optionsJSON }));
  return response && api.addPasskey({ response, ...(name ? { name } : {}) });
}

/** Signs in with a passkey the browser holds for the site; answers the user, or null when cancelled. */
export async function signInWithPasskey(): Promise<User | null> {
  const [optionsJSON, { startAuthentication }] = await Promise.all([api.getPasskeyLoginOptions(), webAuthn()]);
  const response = await prompt(() => startAuthentication({ optionsJSON }));
  return response && api.passkeyLogin({ response });
}

/**
 * The member proves who they are with one of their passkeys before a sensitive change: true once
 * the session counts as checked, false when they cancelled. A member without passkeys gets the
 * API's 400 `no_passkeys`.
 */
export async function confirmWithPasskey(): Promise<boolean> {
  const [optionsJSON, { startAuthentication }] = await Promise.all([api.getPasskeyCheckOptions(), webAuthn()]);
  const response = await prompt(() => startAuthentication({ optionsJSON }));
  if (!response) return false;
  await api.passkeyCheck({ response });
  return true;
}

/** The member's passkeys (GET /api/passkeys), a part of the session's data. */
export const passkeysKey = () => [...sessionKeys.all, 'passkeys'] as const;

/**
 * GET /api/passkeys: read again at every visit (a passkey may have been added or removed on
 * another device) and never saved for offline use.
 */
export const passkeysOptions = () =>
  queryOptions({
    queryKey: passkeysKey(),
    queryFn: ({ signal }) => api.getPasskeys(signal),
    staleTime: staleTimes.queue,
    meta: { persist: false },
  });

export const passkeySignIn = defineMutation<void, User | null>(sessionKeys.mutation('passkey-sign-in'), () => signInWithPasskey());

export const passkeyCheck = defineMutation<void, boolean>(sessionKeys.mutation('passkey-check'), () => confirmWithPasskey());

/** Signing in with a passkey: the session changes as after a password login. Screens show every failure themselves. */
export function usePasskeySignIn() {
  return useDefinedMutation(passkeySignIn, {
    meta: { handlesError: () => true },
    onSuccess: async (user, _variables, _onMutateResult, { client }) => {
      if (user) await applySessionChange(client, user);
    },
  });
}

/** Proving who one is with a passkey (resolves false when cancelled). Screens show every failure themselves. */
export function useConfirmWithPasskey() {
  return useDefinedMutation(passkeyCheck, { meta: { handlesError: () => true } });
}
