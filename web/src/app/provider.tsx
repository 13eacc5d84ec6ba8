import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ConfirmIdentityProvider } from '../components/confirm-identity/confirm-identity-provider.tsx';
import { ErrorBoundary } from '../components/errors/error-boundary.tsx';
import { AlertViewport } from '../components/ui/alerts.tsx';
import { AlertsProvider } from '../lib/alerts-context.tsx';
import { createAlertStore, type AlertStore } from '../lib/alerts.ts';
import { watchDevicePreferences } from '../lib/device-preferences.ts';
import { FirstRenderProvider, type FirstRender } from '../lib/first-render.ts';
import { applyOtherTabsWrites } from '../lib/outbox/outbox.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { persistQueryCache, restoreQueryCache } from '../lib/query-persister.ts';
import { initialOptions } from '../lib/session/get-initial.ts';
import { followOtherTabs } from '../lib/session/session-change.ts';
import { watchTheme } from '../lib/theme.ts';
import { registerAppMutations } from './mutation-defaults.ts';

/** The stores a page's app lives on: its query cache and its alerts. */
export interface AppStores {
  queryClient: QueryClient;
  alerts: AlertStore;
}

export function createAppStores(): AppStores {
  const alerts = createAlertStore();
  // The same message shown twice replaces itself rather than stacking.
  const queryClient = createQueryClient((text) => alerts.show(text, { id: text }));
  registerAppMutations(queryClient);
  return { queryClient, alerts };
}

interface AppProviderProps {
  stores: AppStores;
  /**
   * Set when the page came drawn from the server, whose answers are already in the cache: the
   * screens render at once (to take the page over) and the copy saved for offline use is merged
   * in behind them. Otherwise nothing renders before that copy is restored.
   */
  firstRender?: FirstRender;
  children: ReactNode;
}

/**
 * Everything the screens rely on: the query cache (restored from the copy saved for offline use),
 * the outbox's kinds of write, alerts, theme and device preferences.
 */
export function AppProvider({ stores, firstRender, children }: AppProviderProps) {
  const { queryClient, alerts } = stores;
  const [restored, setRestored] = useState(firstRender !== undefined);

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
  // A page drawn on the server was drawn for a visitor: once it is taken over, the session's own
  // bootstrap data is asked for, which also hands out the anti-forgery token its writes carry.
  const drawnOnServer = firstRender !== undefined;
  useEffect(() => {
    if (drawnOnServer) void queryClient.refetchQueries({ queryKey: initialOptions().queryKey });
  }, [drawnOnServer, queryClient]);
  useEffect(() => followOtherTabs(queryClient), [queryClient]);
  useEffect(() => applyOtherTabsWrites(queryClient), [queryClient]);

  return (
    <ErrorBoundary>
      <FirstRenderProvider value={firstRender ?? CLIENT_ONLY}>
        <QueryClientProvider client={queryClient}>
          <AlertsProvider store={alerts}>
            <ConfirmIdentityProvider>{restored && children}</ConfirmIdentityProvider>
            <AlertViewport />
          </AlertsProvider>
        </QueryClientProvider>
      </FirstRenderProvider>
    </ErrorBoundary>
  );
}

/** A page the browser draws by itself never reads the server's assumptions. */
const CLIENT_ONLY: FirstRender = { now: 0, phone: false };
