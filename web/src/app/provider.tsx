import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ConfirmIdentityProvider } from '../components/confirm-identity/confirm-identity-provider.tsx';
import { ErrorBoundary } from '../components/errors/error-boundary.tsx';
import { AlertViewport } from '../components/ui/alerts.tsx';
import { AlertsProvider } from '../lib/alerts-context.tsx';
import { createAlertStore } from '../lib/alerts.ts';
import { watchDevicePreferences } from '../lib/device-preferences.ts';
import { applyOtherTabsWrites } from '../lib/outbox/outbox.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { persistQueryCache, restoreQueryCache } from '../lib/query-persister.ts';
import { followOtherTabs } from '../lib/session/session-change.ts';
import { watchTheme } from '../lib/theme.ts';
import { registerAppMutations } from './mutation-defaults.ts';

/**
 * Everything the screens rely on: the query cache (restored from the copy saved for offline use
 * before anything renders), the outbox's kinds of write, alerts, theme and device preferences.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const [alerts] = useState(createAlertStore);
  // The same message shown twice replaces itself rather than stacking.
  const [queryClient] = useState(() => {
    const client = createQueryClient((text) => alerts.show(text, { id: text }));
    registerAppMutations(client);
    return client;
  });
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let active = true;
    void restoreQueryCache(queryClient).then(() => {
      if (!active) return;
      stop = persistQueryCache(queryClient);
      setRestored(true);
    });
    return () => {
      active = false;
      stop?.();
    };
  }, [queryClient]);

  useEffect(() => {
    const stopTheme = watchTheme();
    const stopPreferences = watchDevicePreferences();
    return () => {
      stopTheme();
      stopPreferences();
    };
  }, []);
  useEffect(() => followOtherTabs(queryClient), [queryClient]);
  useEffect(() => applyOtherTabsWrites(queryClient), [queryClient]);

  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AlertsProvider store={alerts}>
          <ConfirmIdentityProvider>{restored && children}</ConfirmIdentityProvider>
          <AlertViewport />
        </AlertsProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
