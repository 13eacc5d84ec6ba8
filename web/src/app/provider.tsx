import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/errors/error-boundary.tsx';
import { AlertViewport } from '../components/ui/alerts.tsx';
import { AlertsProvider } from '../lib/alerts-context.tsx';
import { createAlertStore } from '../lib/alerts.ts';
import { watchDevicePreferences } from '../lib/device-preferences.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { watchTheme } from '../lib/theme.ts';

/** Everything the screens rely on: the query cache, alerts, theme and device preferences. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [alerts] = useState(createAlertStore);
  // The same message shown twice replaces itself rather than stacking.
  const [queryClient] = useState(() => createQueryClient((text) => alerts.show(text, { id: text })));

  useEffect(() => {
    const stopTheme = watchTheme();
    const stopPreferences = watchDevicePreferences();
    return () => {
      stopTheme();
      stopPreferences();
    };
  }, []);

  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AlertsProvider store={alerts}>
          {children}
          <AlertViewport />
        </AlertsProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
