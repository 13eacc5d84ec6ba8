// A page drawn on the server is taken over (hydrated) without being drawn a second time: what the
// app reads on its first render in the browser is what the server drew with.
import { timeAgo } from '@quorum/shared/format';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { startClockAt, useNow } from '../../src/hooks/use-now.ts';
import { AlertsProvider, useAlertList } from '../../src/lib/alerts-context.tsx';
import { createAlertStore } from '../../src/lib/alerts.ts';
import { FirstRenderProvider } from '../../src/lib/first-render.ts';
import { useTheme } from '../../src/lib/theme.ts';

const HOUR = 3_600_000;
let root: Root | undefined;

// React's act() waits for the work it wraps only where it is told it runs in tests.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
});

it('the relative times, the theme and the alerts of a drawn page read the same in the app, which draws it once', async () => {
  // Drawn a little while ago, as a page kept in the visitors' cache is.
  const drawnAt = Date.now() - 20_000;
  const posted = new Date(drawnAt - 3 * HOUR).toISOString();
  const alerts = createAlertStore();
  let renders = 0;
  function DrawnPage() {
    renders += 1;
    const now = useNow();
    const { theme } = useTheme();
    const shown = useAlertList().alerts;
    return (
      <p>
        {timeAgo(posted, new Date(now))} · {theme} · {shown.length} alerts
      </p>
    );
  }
  const page = (
    <FirstRenderProvider value={{ now: drawnAt, phone: false }}>
      <AlertsProvider store={alerts}>
        <DrawnPage />
      </AlertsProvider>
    </FirstRenderProvider>
  );

  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  expect(container.textContent).toBe('3 hours ago · light · 0 alerts');
  renders = 0;

  startClockAt(drawnAt);
  await act(async () => {
    root = hydrateRoot(container, page, { onRecoverableError: (error) => expect.fail(String(error)) });
  });
  expect(container.textContent).toBe('3 hours ago · light · 0 alerts');
  expect(renders).toBe(1);

  // And it follows the device from then on.
  act(() => {
    alerts.show('Saved');
  });
  expect(container.textContent).toBe('3 hours ago · light · 1 alerts');
});
