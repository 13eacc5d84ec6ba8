// @vitest-environment jsdom
import { ApiError } from '@quorum/client/api-error';
import type { TwoStepStatus } from '@quorum/shared/entities/two-step';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertsProvider } from '../../../lib/alerts-context.tsx';
import { createAlertStore, type AlertStore } from '../../../lib/alerts.ts';
import { api } from '../../../lib/api-client.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { registerSettingsMutations } from '../api/register.ts';
import { TwoStepSection } from './two-step-section.tsx';

vi.mock('../../../lib/api-client.ts', () => ({
  api: { getTwoStep: vi.fn(), setUpTwoStep: vi.fn(), enableTwoStep: vi.fn(), disableTwoStep: vi.fn(), newBackupCodes: vi.fn() },
}));

const getTwoStep = vi.mocked(api.getTwoStep);
const setUpTwoStep = vi.mocked(api.setUpTwoStep);
const enableTwoStep = vi.mocked(api.enableTwoStep);
const disableTwoStep = vi.mocked(api.disableTwoStep);
const newBackupCodes = vi.mocked(api.newBackupCodes);

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-${String(i).padStart(2, '2')}`);
const refusal = (status: number, code: string, message: string) => new ApiError(status, { status, code, message });

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
afterEach(cleanup);

function mount(state: TwoStepStatus) {
  getTwoStep.mockResolvedValue(state);
  const client = createQueryClient((text) => alerts.show(text));
  registerSettingsMutations(client);
  render(
    <QueryClientProvider client={client}>
      <AlertsProvider store={alerts}>
        <TwoStepSection />
      </AlertsProvider>
    </QueryClientProvider>,
  );
}

const alertTexts = () => alerts.getSnapshot().map((alert) => alert.text);

describe('TwoStepSection', () => {
  it('sets up with the QR code and the key, refuses a wrong code beside the field, then shows the backup codes once', async () => {
    mount({ enabled: false, backupCodesLeft: 0 });
    expect(await screen.findByText('Off')).toBeTruthy();
    setUpTwoStep.mockResolvedValue({ secret: SECRET, uri: 'otpauth://totp/Quorum:someone?secret=x', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' });
    await userEvent.click(screen.getByRole('button', { name: 'Set up' }));

    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"></svg>')}`);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Set up your authenticator app' }));
    const code = screen.getByLabelText('Code from the app');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');

    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(screen.getByText(Messages.codeRequired)).toBeTruthy();
    expect(enableTwoStep).not.toHaveBeenCalled();

    enableTwoStep.mockRejectedValueOnce(refusal(400, ErrorCode.invalidCode, Messages.invalidSetupCode));
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(Messages.invalidSetupCode)).toBeTruthy();
    expect(alertTexts()).toEqual([]);

    enableTwoStep.mockResolvedValue({ backupCodes: CODES });
    getTwoStep.mockResolvedValue({ enabled: true, backupCodesLeft: 10 });
    await userEvent.clear(code);
    await userEvent.type(code, '654 321');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(enableTwoStep).toHaveBeenLastCalledWith('654 321');
    const list = await screen.findByRole('list', { name: 'Backup codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(screen.getByRole('button', { name: 'Copy all' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download .txt' })).toBeTruthy();
    expect(alertTexts()).toContain('Two-step sign-in is on.');

    await userEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('list', { name: 'Backup codes' })).toBeNull();
    expect(await screen.findByText('10 backup codes left.')).toBeTruthy();
    expect(screen.getByText('On')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Two-step sign-in' })));
  });

  it('turns off with the password, saying a wrong one beside the field', async () => {
    mount({ enabled: true, backupCodesLeft: 2 });
    expect(await screen.findByText('2 backup codes left. Make new ones before you run out.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = screen.getByRole('dialog', { name: 'Turn off two-step sign-in?' });
    const password = within(dialog).getByLabelText('Password');

    disableTwoStep.mockRejectedValueOnce(refusal(403, ErrorCode.invalidPassword, Messages.invalidPassword));
    await userEvent.type(password, 'not it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText(Messages.invalidPassword)).toBeTruthy();
    expect(alertTexts()).toEqual([]);

    disableTwoStep.mockResolvedValue({ enabled: false, backupCodesLeft: 0 });
    getTwoStep.mockResolvedValue({ enabled: false, backupCodesLeft: 0 });
    await userEvent.clear(password);
    await userEvent.type(password, 'the password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(disableTwoStep).toHaveBeenLastCalledWith('the password');
    expect(await screen.findByRole('button', { name: 'Set up' })).toBeTruthy();
    expect(alertTexts()).toContain('Two-step sign-in is off.');
  });

  it('makes new backup codes after a confirmation, and shows them once', async () => {
    mount({ enabled: true, backupCodesLeft: 7 });
    await userEvent.click(await screen.findByRole('button', { name: 'New backup codes' }));
    expect(screen.getByText('Your current backup codes stop working at once.')).toBeTruthy();
    expect(newBackupCodes).not.toHaveBeenCalled();
    newBackupCodes.mockResolvedValue({ backupCodes: CODES });
    await userEvent.click(screen.getByRole('button', { name: 'Make new codes' }));
    expect(await screen.findByRole('heading', { name: 'Save your new backup codes' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Backup codes' })).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText(/Your old backup codes no longer work\./)).toBeTruthy();
  });

  it('shows why a setup was refused', async () => {
    mount({ enabled: false, backupCodesLeft: 0 });
    setUpTwoStep.mockRejectedValue(refusal(409, ErrorCode.twoStepOn, Messages.twoStepAlreadyOn));
    await userEvent.click(await screen.findByRole('button', { name: 'Set up' }));
    expect((await screen.findByRole('alert')).textContent).toBe(Messages.twoStepAlreadyOn);
    expect(alertTexts()).toEqual([]);
  });
});
