import { ONLINE_SETTLE_MS } from '@quorum/shared/constants';
import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, test, vi } from 'vitest';
import { Bootstrap } from '../../src/app/bootstrap.tsx';
import { AppProvider, createAppStores } from '../../src/app/provider.tsx';
import { makeInitialData } from './fixtures.ts';
import { server } from './server.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** The app's providers around the bootstrap, whose content says the app has started. */
function renderApp() {
  render(
    <AppProvider stores={createAppStores()}>
      <Bootstrap>
        <p>The app has started</p>
      </Bootstrap>
    </AppProvider>,
  );
}

/** The browser says the network is back. */
function backOnline() {
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

/** Moves the faked clock on by `ms`. */
async function passTime(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Moves the faked clock on by `ms`, then lets the answer that follows arrive (its timers are faked too). */
async function settle(ms: number) {
  await passTime(ms);
  for (let step = 0; step < 40 && !screen.queryByText('The app has started'); step += 1) {
    await passTime(25);
  }
}

test('a 408 on the first load shows the Offline page, and the app starts 2 s after the network returns', async () => {
  let asked = 0;
  server.use(
    http.get('/api/_initial', () => {
      asked += 1;
      if (asked === 1) return HttpResponse.json({ status: 408, code: 'request_timeout', message: 'Request timed out.' }, { status: 408 });
      return HttpResponse.json(makeInitialData(null));
    }),
  );
  renderApp();

  expect(await screen.findByRole('heading', { name: "You're offline" })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  expect(asked).toBe(1);

  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  backOnline();
  await passTime(ONLINE_SETTLE_MS - 1);
  expect(asked).toBe(1);
  await settle(1);
  expect(screen.getByText('The app has started')).toBeTruthy();
  expect(asked).toBe(2);
});

test('the network coming and going again waits the full 2 s from its last return', async () => {
  let asked = 0;
  server.use(
    http.get('/api/_initial', () => {
      asked += 1;
      return asked === 1 ? HttpResponse.error() : HttpResponse.json(makeInitialData(null));
    }),
  );
  renderApp();
  expect(await screen.findByRole('heading', { name: "You're offline" })).toBeTruthy();

  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  backOnline();
  await passTime(ONLINE_SETTLE_MS / 2);
  backOnline();
  await passTime(ONLINE_SETTLE_MS - 1);
  expect(asked).toBe(1);
  await settle(1);
  expect(screen.getByText('The app has started')).toBeTruthy();
});
