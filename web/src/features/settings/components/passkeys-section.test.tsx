// @vitest-environment jsdom
import { ApiError } from '@quorum/client/api-error';
import type { Passkey } from '@quorum/shared/entities/passkeys';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { startRegistration } from '@simplewebauthn/browser';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertsProvider } from '../../../lib/alerts-context.tsx';
import { createAlertStore, type AlertStore } from '../../../lib/alerts.ts';
import { api } from '../../../lib/api-client.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { registerSettingsMutations } from '../api/register.ts';
import { PasskeysSection } from './passkeys-section.tsx';

vi.mock('../../../lib/api-client.ts', () => ({
  api: { getPasskeys: vi.fn(), getPasskeyCreationOptions: vi.fn(), addPasskey: vi.fn(), renamePasskey: vi.fn(), removePasskey: vi.fn() },
}));
vi.mock('@simplewebauthn/browser', () => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));

const getPasskeys = vi.mocked(api.getPasskeys);
const getPasskeyCreationOptions = vi.mocked(api.getPasskeyCreationOptions);
const addPasskey = vi.mocked(api.addPasskey);
const renamePasskey = vi.mocked(api.renamePasskey);
const removePasskey = vi.mocked(api.removePasskey);
const register = vi.mocked(startRegistration);

const passkey = (id: string, name: string, extra: Partial<Passkey> = {}): Passkey => ({
  id,
  name,
  createdAt: '2025-01-02T10:00:00.000Z',
  lastUsedAt: null,
  backedUp: false,
  ...extra,
});
const phone = passkey('0190a0a0-0000-7000-8000-000000000001', 'Chrome on Android', { backedUp: true, lastUsedAt: '2025-01-03T10:00:00.000Z' });
const laptop = passkey('0190a0a0-0000-7000-8000-000000000002', 'Firefox on Linux');

beforeAll(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

let alerts: AlertStore;
beforeEach(() => {
  vi.resetAllMocks();
  alerts = createAlertStore();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A browser that can use passkeys (jsdom has no WebAuthn). */
const withWebAuthn = () => vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});

function mount() {
  const client = createQueryClient((text) => alerts.show(text));
  registerSettingsMutations(client);
  render(
    <QueryClientProvider client={client}>
      <AlertsProvider store={alerts}>
        <PasskeysSection />
      </AlertsProvider>
    </QueryClientProvider>,
  );
}

const listing = (...passkeys: Passkey[]) => getPasskeys.mockResolvedValue({ passkeys });
const rows = () => within(screen.getByRole('list', { name: 'Passkeys' })).getAllByRole('listitem');
const alertTexts = () => alerts.getSnapshot().map((alert) => alert.text);

describe('PasskeysSection', () => {
  it('explains passkeys when there are none, and offers none to add where the browser cannot make them', async () => {
    listing();
    mount();
    expect(await screen.findByText(/^No passkeys yet: a passkey lets your device/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    expect(screen.getByText("This browser can't create passkeys. You can still rename and remove the ones you have.")).toBeTruthy();
  });

  it('lists each passkey with when it was added and used, and whether it is synced', async () => {
    withWebAuthn();
    listing(phone, laptop);
    mount();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows();
    expect(first?.textContent).toMatch(/^Chrome on AndroidSyncedAdded .* · last used /);
    expect(second?.textContent).toMatch(/^Firefox on LinuxAdded .* · never used/);
    const rename = within(second as HTMLElement).getByRole('button', { name: 'Rename' });
    expect(document.getElementById(rename.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Firefox on Linux');
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeTruthy();
  });

  it('renames in place: checks the name, Escape cancels, and the focus returns to Rename', async () => {
    listing(laptop);
    mount();
    await waitFor(() => expect(rows()).toHaveLength(1));
    const row = () => rows()[0] as HTMLElement;

    await userEvent.click(within(row()).getByRole('button', { name: 'Rename' }));
    const field = within(row()).getByLabelText('Passkey name');
    expect(document.activeElement).toBe(field);
    await userEvent.clear(field);
    await userEvent.type(field, 'Nope{Escape}');
    expect(document.activeElement).toBe(within(row()).getByRole('button', { name: 'Rename' }));
    expect(row().textContent).toContain('Firefox on Linux');

    await userEvent.click(within(row()).getByRole('button', { name: 'Rename' }));
    await userEvent.clear(within(row()).getByLabelText('Passkey name'));
    await userEvent.type(within(row()).getByLabelText('Passkey name'), '   ');
    await userEvent.click(within(row()).getByRole('button', { name: 'Save' }));
    expect(within(row()).getByText('Give the passkey a name.')).toBeTruthy();
    expect(renamePasskey).not.toHaveBeenCalled();

    renamePasskey.mockResolvedValue({ ...laptop, name: 'Work laptop' });
    await userEvent.type(within(row()).getByLabelText('Passkey name'), ' Work laptop ');
    await userEvent.click(within(row()).getByRole('button', { name: 'Save' }));
    expect(renamePasskey).toHaveBeenCalledWith(laptop.id, { name: 'Work laptop' });
    await waitFor(() => expect(row().textContent).toContain('Work laptop'));
    expect(document.activeElement).toBe(within(row()).getByRole('button', { name: 'Rename' }));
    expect(alertTexts()).toEqual([]);
  });

  it('removes a passkey after a confirmation, says so and puts the focus on the section', async () => {
    listing(phone, laptop);
    mount();
    await waitFor(() => expect(rows()).toHaveLength(2));
    removePasskey.mockResolvedValue(undefined);

    await userEvent.click(within(rows()[1] as HTMLElement).getByRole('button', { name: 'Remove' }));
    expect(screen.getByText(/You will no longer be able to sign in with “Firefox on Linux”/)).toBeTruthy();
    expect(removePasskey).not.toHaveBeenCalled();
    listing(phone);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));

    expect(removePasskey).toHaveBeenCalledWith(laptop.id);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('status').textContent).toBe('Removed “Firefox on Linux”.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Passkeys' })));
  });

  it('adds a passkey made by the browser, and takes a cancelled prompt calmly', async () => {
    withWebAuthn();
    listing();
    mount();
    await screen.findByText(/^No passkeys yet/);
    const options = { challenge: 'c2FsdA', rp: { name: 'Quorum', id: 'localhost' }, user: { id: 'dQ', name: 'u', displayName: 'u' }, pubKeyCredParams: [] };
    getPasskeyCreationOptions.mockResolvedValue(options);

    register.mockRejectedValueOnce(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No passkey was added.'));
    expect(addPasskey).not.toHaveBeenCalled();

    const response = { id: 'aWQ', rawId: 'aWQ', type: 'public-key' as const, response: { clientDataJSON: 'e30', attestationObject: 'AA' }, clientExtensionResults: {} };
    register.mockResolvedValueOnce(response);
    addPasskey.mockResolvedValue(laptop);
    listing(laptop);
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Passkey added as “Firefox on Linux”. Rename it if you like.'));
    expect(register).toHaveBeenLastCalledWith({ optionsJSON: options });
    expect(addPasskey).toHaveBeenCalledWith({ response });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(alertTexts()).toEqual([]);
  });

  it('says beside the button why the server refused a passkey, without an alert', async () => {
    withWebAuthn();
    listing();
    mount();
    await screen.findByText(/^No passkeys yet/);
    getPasskeyCreationOptions.mockRejectedValue(
      new ApiError(400, { status: 400, code: ErrorCode.maxLimitReached, message: Messages.tooManyPasskeys(20) }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe(Messages.tooManyPasskeys(20));
    expect(register).not.toHaveBeenCalled();
    expect(alertTexts()).toEqual([]);
  });
});
