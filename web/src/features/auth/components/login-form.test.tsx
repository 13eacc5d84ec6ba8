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
import { LoginForm } from './login-form.tsx';

vi.mock('../../../lib/api-client.ts', () => ({ api: { login: vi.fn(), loginCode: vi.fn() } }));
vi.mock('../../../lib/session/session-change.ts', () => ({ applySessionChange: vi.fn() }));

const login = vi.mocked(api.login);
const loginCode = vi.mocked(api.loginCode);
const sessionChange = vi.mocked(applySessionChange);

const user = { id: 'u1', username: 'someone' } as User;
const refusal = (status: number, code: string, message: string) => new ApiError(status, { status, code, message });

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
          <LoginForm onSuccess={onSuccess} />
        </AlertsProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return onSuccess;
}

async function givePassword() {
  await userEvent.type(screen.getByLabelText('Username'), 'someone');
  await userEvent.type(screen.getByLabelText('Password'), 'the password');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginForm', () => {
  it('logs in at once an account without two-step sign-in', async () => {
    const onSuccess = mount();
    login.mockResolvedValue(user);
    await givePassword();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(user));
    expect(sessionChange).toHaveBeenCalledTimes(1);
  });

  it('asks for the code after the password, and changes the session only once it is right', async () => {
    const onSuccess = mount();
    login.mockResolvedValue({ secondStep: 'code' });
    await givePassword();

    const code = await screen.findByLabelText('Code');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByText('Lost your phone? Enter one of your backup codes.')).toBeTruthy();
    expect(sessionChange).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();

    // A backup code has letters: the keyboard can show them.
    await userEvent.click(screen.getByRole('button', { name: 'Use a backup code' }));
    expect(code.getAttribute('inputmode')).toBe('text');

    loginCode.mockRejectedValueOnce(refusal(400, ErrorCode.invalidCode, Messages.invalidCode));
    await userEvent.type(code, 'abcd-efgh-ij');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(Messages.invalidCode);
    expect(alerts.getSnapshot()).toEqual([]);

    loginCode.mockResolvedValue(user);
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(user));
    expect(loginCode).toHaveBeenLastCalledWith('123456');
    expect(sessionChange).toHaveBeenCalledTimes(1);
  });

  it('goes back to the password when asked, or when the sign-in took too long', async () => {
    mount();
    login.mockResolvedValue({ secondStep: 'code' });
    await givePassword();
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    const password = screen.getByLabelText('Password');
    expect((password as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('someone');

    await userEvent.type(password, 'the password');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    loginCode.mockRejectedValue(refusal(400, ErrorCode.loginExpired, Messages.loginExpired));
    await userEvent.type(await screen.findByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(Messages.loginExpired);
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.queryByLabelText('Code')).toBeNull();
    expect(sessionChange).not.toHaveBeenCalled();
  });
});
