// @vitest-environment jsdom
import { ApiError } from '@quorum/client/api-error';
import type { User } from '@quorum/shared/entities/users';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertsProvider } from '../../../lib/alerts-context.tsx';
import { createAlertStore, type AlertStore } from '../../../lib/alerts.ts';
import { api } from '../../../lib/api-client.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { registerSessionMutations } from '../../../lib/session/register.ts';
import { applySessionChange } from '../../../lib/session/session-change.ts';
import { ResetPasswordForm } from './reset-password-form.tsx';

vi.mock('../../../lib/api-client.ts', () => ({ api: { resetPassword: vi.fn(), loginCode: vi.fn() } }));
vi.mock('../../../lib/session/session-change.ts', () => ({ applySessionChange: vi.fn() }));

const resetPassword = vi.mocked(api.resetPassword);
const loginCode = vi.mocked(api.loginCode);
const sessionChange = vi.mocked(applySessionChange);
const TOKEN = 'A'.repeat(43);

let alerts: AlertStore;
beforeEach(() => {
  vi.resetAllMocks();
  alerts = createAlertStore();
});
afterEach(cleanup);

function mount() {
  const onSuccess = vi.fn();
  const client = createQueryClient((text) => alerts.show(text));
  registerSessionMutations(client);
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <AlertsProvider store={alerts}>
          <ResetPasswordForm token={TOKEN} onSuccess={onSuccess} />
        </AlertsProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return onSuccess;
}

async function setNewPassword() {
  resetPassword.mockResolvedValue({ secondStep: 'code' });
  await userEvent.type(screen.getByLabelText('New password'), 'a brand new secret');
  await userEvent.type(screen.getByLabelText('Repeat password'), 'a brand new secret');
  await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('ResetPasswordForm', () => {
  it('asks an account with two-step sign-in for its code before logging in', async () => {
    const onSuccess = mount();
    await setNewPassword();
    expect((await screen.findByRole('status')).textContent).toContain('Your new password is set.');
    expect(sessionChange).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();

    loginCode.mockResolvedValue({ id: 'u1', username: 'someone' } as User);
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(sessionChange).toHaveBeenCalledTimes(1);
  });

  it('sends the member to log in with the new password when the code came too late', async () => {
    mount();
    await setNewPassword();
    loginCode.mockRejectedValue(new ApiError(400, { status: 400, code: ErrorCode.loginExpired, message: Messages.loginExpired }));
    await userEvent.type(await screen.findByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(Messages.loginExpired);
    expect(screen.getByRole('link', { name: 'Log in with your new password' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('Code')).toBeNull();
  });
});
