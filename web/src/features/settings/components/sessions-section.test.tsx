// @vitest-environment jsdom
import type { Session } from '@quorum/shared/entities/sessions';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertsProvider } from '../../../lib/alerts-context.tsx';
import { createAlertStore, type AlertStore } from '../../../lib/alerts.ts';
import { api } from '../../../lib/api-client.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { registerSettingsMutations } from '../api/register.ts';
import { SessionsSection } from './sessions-section.tsx';

vi.mock('../../../lib/api-client.ts', () => ({
  api: { getSessions: vi.fn(), endSession: vi.fn(), endOtherSessions: vi.fn() },
}));

const getSessions = vi.mocked(api.getSessions);
const endSession = vi.mocked(api.endSession);
const endOtherSessions = vi.mocked(api.endOtherSessions);

const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const session = (id: string, device: string, current: boolean): Session => ({
  id,
  device,
  userAgent: current ? null : CHROME_ANDROID,
  createdAt: '2025-01-02T10:00:00.000Z',
  lastSeenAt: '2025-01-03T10:00:00.000Z',
  current,
});
const laptop = session('0190a0a0-0000-7000-8000-000000000001', 'Firefox on Windows', true);
const phone = session('0190a0a0-0000-7000-8000-000000000002', 'Chrome on Android', false);
const tablet = session('0190a0a0-0000-7000-8000-000000000003', 'Safari on iPadOS', false);

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

/** The section on its own, with the app's query client and alerts. */
function mount() {
  const client = createQueryClient((text) => alerts.show(text));
  registerSettingsMutations(client);
  render(
    <QueryClientProvider client={client}>
      <AlertsProvider store={alerts}>
        <SessionsSection />
      </AlertsProvider>
    </QueryClientProvider>,
  );
}

/** Answers the next reads of the list with `sessions`. */
const listing = (...sessions: Session[]) => getSessions.mockResolvedValue(sessions);
const rows = () => within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('listitem');

describe('SessionsSection', () => {
  it('shows a skeleton, then this device first and marked, with Log out on the others only', async () => {
    let answer: (sessions: Session[]) => void = () => {};
    getSessions.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    mount();
    expect(await screen.findByRole('status', { name: 'Loading sessions' })).toBeTruthy();
    answer([laptop, phone]);

    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows();
    expect(first?.textContent).toContain('Firefox on WindowsThis device');
    expect(within(first as HTMLElement).queryByRole('button')).toBeNull();
    expect(second?.textContent).toContain(CHROME_ANDROID);
    expect(second?.textContent).not.toContain('This device');
    const logOut = within(second as HTMLElement).getByRole('button', { name: 'Log out' });
    expect(logOut.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(logOut.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Chrome on Android');
  });

  it('logs one other session out, reads the list again and puts the focus on the section', async () => {
    listing(laptop, phone, tablet);
    mount();
    await waitFor(() => expect(rows()).toHaveLength(3));
    endSession.mockResolvedValue(undefined);
    listing(laptop, tablet);

    await userEvent.click(within(rows()[1] as HTMLElement).getByRole('button', { name: 'Log out' }));
    expect(endSession).toHaveBeenCalledWith(phone.id);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Sessions' })));
  });

  it('logs every other session out after a confirmation, and says how many', async () => {
    listing(laptop, phone, tablet);
    mount();
    await waitFor(() => expect(rows()).toHaveLength(3));
    endOtherSessions.mockResolvedValue({ ended: 2 });

    await userEvent.click(screen.getByRole('button', { name: 'Log out of all other sessions' }));
    expect(screen.getByText(/The 2 other browsers and apps where you are logged in are logged out/)).toBeTruthy();
    expect(endOtherSessions).not.toHaveBeenCalled();
    listing(laptop);
    await userEvent.click(screen.getByRole('button', { name: 'Log out of all' }));

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(endOtherSessions).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(alerts.getSnapshot().map((alert) => alert.text)).toContain('Logged out of 2 other sessions.'));
    expect(screen.getByText('You are logged in on this device only.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Sessions' })));
  });
});
