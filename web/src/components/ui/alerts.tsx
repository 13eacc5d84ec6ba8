import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { AlertStore } from '../../lib/alerts.ts';
import { Icon } from './icon.tsx';

const AlertsContext = createContext<AlertStore | null>(null);

export function AlertsProvider({ store, children }: { store: AlertStore; children: ReactNode }) {
  return <AlertsContext.Provider value={store}>{children}</AlertsContext.Provider>;
}

/** Shows short messages (snacks) at the bottom of the screen. */
export function useAlerts(): Pick<AlertStore, 'show' | 'dismiss'> {
  const store = useContext(AlertsContext);
  if (!store) throw new Error('useAlerts needs an AlertsProvider.');
  return store;
}

export function AlertViewport() {
  const store = useContext(AlertsContext);
  if (!store) throw new Error('AlertViewport needs an AlertsProvider.');
  const alerts = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return (
    <div className="alerts" aria-live="polite" aria-relevant="additions text" role="status">
      {alerts.map((alert) => (
        <div key={alert.id} className="alert" data-alert-id={alert.id}>
          <span className="alert__text">{alert.text}</span>
          <button type="button" className="icon-button icon-button--small alert__close" aria-label="Dismiss" onClick={() => store.dismiss(alert.id)}>
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
