// @vitest-environment jsdom
import { ApiError } from '@quorum/client/api-error';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertsProvider } from '../../lib/alerts-context.tsx';
import { createAlertStore } from '../../lib/alerts.ts';
import { api } from '../../lib/api-client.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { registerSessionMutations } from '../../lib/session/register.ts';
import { ConfirmIdentityProvider } from './confirm-identity-provider.tsx';
import { useRecentCheck } from './use-recent-check.ts';

vi.mock('../../lib/api-client.ts', () => ({ api: { reauth: vi.fn() } }));
const reauth = vi.mocked(api.reauth);

const reauthRequired = () => new ApiError(403, { status: 403, code: ErrorCode.reauthRequired, message: Messages.reauthRequired });

beforeAll(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
beforeEach(() => vi.resetAllMocks());
afterEach(cleanup);

/** A button that runs `action` through useRecentCheck and shows how it ended. */
function Change({ action }: { action: () => Promise<string> }) {
  const runChecked = useRecentCheck();
  const [outcome, setOutcome] = useState('');
  return (
    <>
      <button type="button" onClick={() => runChecked(action).then((value) => setOutcome(`done: ${value}`), (error: Error) => setOutcome(`refused: ${error.message}`))}>
        Change
      </button>
      <output>{outcome}</output>
    </>
  );
}

function mount(action: () => Promise<string>) {
  const client = createQueryClient(() => {});
  registerSessionMutations(client);
  render(
    <QueryClientProvider client={client}>
      <AlertsProvider store={createAlertStore()}>
        <ConfirmIdentityProvider>
          <Change action={action} />
        </ConfirmIdentityProvider>
      </AlertsProvider>
    </QueryClientProvider>,
  );
}

describe('useRecentCheck', () => {
  it('runs a change at once when the session was checked recently', async () => {
    const action = vi.fn().mockResolvedValue('saved');
    mount(action);
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('done: saved'));
    expect(action).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for the password when the check is too old, says when it is wrong, then runs the change again', async () => {
    const action = vi.fn().mockRejectedValueOnce(reauthRequired()).mockResolvedValueOnce('saved');
    mount(action);
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(action).toHaveBeenCalledTimes(1);

    reauth.mockRejectedValueOnce(new ApiError(403, { status: 403, code: ErrorCode.invalidPassword, message: Messages.invalidPassword }));
    await userEvent.type(screen.getByLabelText('Password'), 'wrong one');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(dialog.textContent).toContain(Messages.invalidPassword));
    expect(action).toHaveBeenCalledTimes(1);

    reauth.mockResolvedValueOnce({ success: true });
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'the right one');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('done: saved'));
    expect(reauth).toHaveBeenLastCalledWith({ password: 'the right one' });
    expect(action).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives up with the server’s refusal when the member cancels', async () => {
    const action = vi.fn().mockRejectedValue(reauthRequired());
    mount(action);
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(`refused: ${Messages.reauthRequired}`));
    expect(action).toHaveBeenCalledTimes(1);
    expect(reauth).not.toHaveBeenCalled();
  });

  it('passes any other failure through without asking', async () => {
    const action = vi.fn().mockRejectedValue(new ApiError(400, { status: 400, code: ErrorCode.badRequest, message: 'Please enter a valid email' }));
    mount(action);
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('refused: Please enter a valid email'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
