// @vitest-environment jsdom
import { ApiError } from '@quorum/client/api-error';
import type { User } from '@quorum/shared/entities/users';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { startAuthentication } from '@simplewebauthn/browser';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { registerSessionMutations } from '../../../lib/session/register.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { applySessionChange } from '../../../lib/session/session-change.ts';
import { PasskeySignIn } from './passkey-sign-in.tsx';

vi.mock('../../../lib/api-client.ts', () => ({ api: { getPasskeyLoginOptions: vi.fn(), passkeyLogin: vi.fn() } }));
vi.mock('../../../lib/session/session-change.ts', () => ({ applySessionChange: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));

const getOptions = vi.mocked(api.getPasskeyLoginOptions);
const passkeyLogin = vi.mocked(api.passkeyLogin);
const authenticate = vi.mocked(startAuthentication);
const sessionChange = vi.mocked(applySessionChange);

const options = { challenge: 'c2FsdA', rpId: 'localhost', userVerification: 'required' as const };
const signature = {
  id: 'aWQ', rawId: 'aWQ', type: 'public-key' as const,
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' }, clientExtensionResults: {},
};
const user = { id: '0190a0a0-0000-7000-8000-000000000009', username: 'keyholder' } as User;

let alerts: string[];
beforeEach(() => {
  vi.resetAllMocks();
  alerts = [];
  getOptions.mockResolvedValue(options);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function mount() {
  const onSuccess = vi.fn();
  const client = createQueryClient((text) => alerts.push(text));
  registerSessionMutations(client);
  render(
    <QueryClientProvider client={client}>
      <PasskeySignIn onSuccess={onSuccess} />
    </QueryClientProvider>,
  );
  return { onSuccess, client };
}

const button = () => screen.getByRole('button', { name: 'Sign in with a passkey' });

describe('PasskeySignIn', () => {
  it('is not offered where the browser has no passkeys', () => {
    mount();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });

  describe('in a browser with passkeys', () => {
    beforeEach(() => vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {}));

    it('signs in with the passkey the browser gives, as a password login does', async () => {
      authenticate.mockResolvedValue(signature);
      passkeyLogin.mockResolvedValue(user);
      const { onSuccess, client } = mount();
      await userEvent.click(button());
      await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(user));
      expect(authenticate).toHaveBeenCalledWith({ optionsJSON: options });
      expect(passkeyLogin).toHaveBeenCalledWith({ response: signature });
      expect(sessionChange).toHaveBeenCalledWith(client, user);
      expect(alerts).toEqual([]);
    });

    it('takes a closed prompt calmly', async () => {
      authenticate.mockRejectedValue(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
      const { onSuccess } = mount();
      await userEvent.click(button());
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No passkey was used. You can log in with your password instead.'));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(passkeyLogin).not.toHaveBeenCalled();
      expect(onSuccess).not.toHaveBeenCalled();
      expect(alerts).toEqual([]);
    });

    it('says why the server refused the sign-in beside the button', async () => {
      authenticate.mockResolvedValue(signature);
      passkeyLogin.mockRejectedValue(
        new ApiError(403, { status: 403, code: ErrorCode.accountSuspended, message: Messages.suspended('keyholder') }),
      );
      const { onSuccess } = mount();
      await userEvent.click(button());
      expect((await screen.findByRole('alert')).textContent).toBe('@keyholder is suspended.');
      expect(onSuccess).not.toHaveBeenCalled();
      expect(sessionChange).not.toHaveBeenCalled();
      expect(alerts).toEqual([]);
    });
  });
});
