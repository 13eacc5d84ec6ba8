import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { NO_ALERTS, type Alert, type AlertStore } from './alerts.ts';

const AlertsContext = createContext<AlertStore | null>(null);

export function AlertsProvider({ store, children }: { store: AlertStore; children: ReactNode }) {
  return <AlertsContext.Provider value={store}>{children}</AlertsContext.Provider>;
}

function useAlertStore(): AlertStore {
  const store = useContext(AlertsContext);
  if (!store) throw new Error('Alerts need an AlertsProvider.');
  return store;
}

/** Shows short messages (snacks) at the bottom of the screen. */
export function useAlerts(): Pick<AlertStore, 'show' | 'dismiss'> {
  return useAlertStore();
}

/** A page drawn on the server shows no alerts. */
const noAlerts = () => NO_ALERTS;

/** The alerts on screen now, and a way to dismiss one. */
export function useAlertList(): { alerts: readonly Alert[]; dismiss: AlertStore['dismiss'] } {
  const store = useAlertStore();
  return { alerts: useSyncExternalStore(store.subscribe, store.getSnapshot, noAlerts), dismiss: store.dismiss };
}
