// @vitest-environment jsdom
import { ApiError } from '@quorum/client/api-error';
import type { DataExport } from '@quorum/shared/entities/exports';
import type { User } from '@quorum/shared/entities/users';
import { ErrorCode } from '@quorum/shared/errors';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertsProvider } from '../../../lib/alerts-context.tsx';
import { createAlertStore, type AlertStore } from '../../../lib/alerts.ts';
import { api } from '../../../lib/api-client.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { BUILDING_REFETCH_MS } from '../api/data-exports.ts';
import { registerSettingsMutations } from '../api/register.ts';
import { DataExportSection, formatFileSize } from './data-export-section.tsx';

vi.mock('../../../lib/api-client.ts', () => ({
  api: {
    getDataExports: vi.fn(),
    requestDataExport: vi.fn(),
    dataExportDownloadUrl: (id: string) => `/api/exports/${id}/download`,
  },
}));

const getDataExports = vi.mocked(api.getDataExports);
const requestDataExport = vi.mocked(api.requestDataExport);

const ID = '0190a0a0-0000-7000-8000-00000000000a';
const user = { id: 'u1', username: 'ann', email: 'ann@mail.example' } as User;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const building = (): DataExport => ({ id: ID, status: 'building', createdAt: minutesAgo(0), readyAt: null, expiresAt: null, sizeBytes: null });
const ready = (createdMinutesAgo = 0): DataExport => ({
  id: ID,
  status: 'ready',
  createdAt: minutesAgo(createdMinutesAgo),
  readyAt: minutesAgo(createdMinutesAgo),
  expiresAt: new Date(Date.now() + 24 * 3_600_000).toISOString(),
  sizeBytes: 1_234_567,
});

let alerts: AlertStore;
beforeEach(() => {
  vi.resetAllMocks();
  alerts = createAlertStore();
  onlineManager.setOnline(true);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

function mount() {
  const client = createQueryClient((text) => alerts.show(text));
  registerSettingsMutations(client);
  render(
    <QueryClientProvider client={client}>
      <AlertsProvider store={alerts}>
        <DataExportSection user={user} />
      </AlertsProvider>
    </QueryClientProvider>,
  );
}

const prepareButton = () => screen.getByRole('button', { name: /Prepare my data|Preparing…/ });

describe('DataExportSection', () => {
  it('prepares an archive, says so while it is built, reads the list again and offers the download once ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    getDataExports.mockResolvedValue({ exports: [] });
    mount();
    expect(await screen.findByText('No archive prepared yet.')).toBeTruthy();

    requestDataExport.mockResolvedValue(building());
    getDataExports.mockResolvedValue({ exports: [building()] });
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(prepareButton());
    expect(requestDataExport).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(/Preparing your archive… This page updates by itself when it is ready, and we will email you too\./)).toBeTruthy();
    expect((prepareButton() as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Preparing your archive…'));
    expect(screen.getByRole('status').textContent).toBe('Preparing your archive.');

    // Read again every few seconds while it is built.
    const readsBefore = getDataExports.mock.calls.length;
    getDataExports.mockResolvedValue({ exports: [ready()] });
    await act(() => vi.advanceTimersByTimeAsync(BUILDING_REFETCH_MS));
    const download = await screen.findByRole('link', { name: 'Download (1.2 MB)' });
    expect(getDataExports.mock.calls.length).toBeGreaterThan(readsBefore);
    expect(download.getAttribute('href')).toBe(`/api/exports/${ID}/download`);
    expect(download.hasAttribute('download')).toBe(true);
    expect(download.parentElement?.textContent).toMatch(/Ready just now\. The link works until .+\./);
    expect(screen.getByRole('status').textContent).toBe('Your archive is ready to download.');

    // Ready: no more reads.
    const readsWhenReady = getDataExports.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(BUILDING_REFETCH_MS * 3));
    expect(getDataExports.mock.calls.length).toBe(readsWhenReady);
    // Asked for just now: the next one comes in an hour.
    expect((prepareButton() as HTMLButtonElement).disabled).toBe(true);
    expect(prepareButton().getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(prepareButton().getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/^You can prepare a new archive after .+: one an hour\.$/);
  });

  it('shows the refusal of a second archive within the hour inline, not as an alert', async () => {
    getDataExports.mockResolvedValue({ exports: [ready(61)] });
    mount();
    await screen.findByRole('link', { name: 'Download (1.2 MB)' });
    const message = 'You can prepare one archive of your data an hour. Try again in 12 minutes.';
    requestDataExport.mockRejectedValue(new ApiError(409, { status: 409, code: ErrorCode.dataExportTooSoon, message }));
    await userEvent.click(prepareButton());
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(alerts.getSnapshot()).toEqual([]);
  });

  it('keeps the button disabled with its reason while offline, and the download too', async () => {
    getDataExports.mockResolvedValue({ exports: [ready(90)] });
    mount();
    await screen.findByRole('link', { name: 'Download (1.2 MB)' });
    expect((prepareButton() as HTMLButtonElement).disabled).toBe(false);

    act(() => onlineManager.setOnline(false));
    await waitFor(() => expect((prepareButton() as HTMLButtonElement).disabled).toBe(true));
    const reason = document.getElementById(prepareButton().getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe("You're offline. Your data can be prepared when you're back online.");
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
    expect((screen.getByRole('button', { name: 'Download (1.2 MB)' }) as HTMLButtonElement).disabled).toBe(true);
    expect(requestDataExport).not.toHaveBeenCalled();
  });
});

describe('formatFileSize', () => {
  it('writes bytes as people read them', () => {
    expect([820, 4_700, 1_234_567, 36_400_000, 999_999, 2_500_000_000].map(formatFileSize)).toEqual([
      '820 B', '4.7 KB', '1.2 MB', '36 MB', '1.0 MB', '2.5 GB',
    ]);
  });
});
