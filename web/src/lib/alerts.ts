import { ALERT_LIFETIME_MS } from '@quorum/shared/constants';

export interface Alert {
  /** Alerts with the same id replace each other instead of stacking. */
  id: string;
  text: string;
}

export interface AlertOptions {
  id?: string;
  /** How long the alert stays, in milliseconds. */
  lifetime?: number;
}

export interface AlertStore {
  show(text: string, options?: AlertOptions): string;
  dismiss(id: string): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly Alert[];
}

/** No alerts: the one empty list, which a page drawn on the server shows too. */
export const NO_ALERTS: readonly Alert[] = [];

/** A tiny store of the alerts (snacks) on screen, readable from outside React. */
export function createAlertStore(): AlertStore {
  let alerts = NO_ALERTS;
  let counter = 0;
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const listener of listeners) listener();
  };

  function dismiss(id: string) {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
    if (!alerts.some((alert) => alert.id === id)) return;
    alerts = alerts.filter((alert) => alert.id !== id);
    emit();
  }

  function show(text: string, options: AlertOptions = {}) {
    counter += 1;
    const id = options.id ?? `alert-${counter}`;
    const existing = timers.get(id);
    if (existing !== undefined) clearTimeout(existing);
    alerts = [...alerts.filter((alert) => alert.id !== id), { id, text }];
    timers.set(id, setTimeout(() => dismiss(id), options.lifetime ?? ALERT_LIFETIME_MS));
    emit();
    return id;
  }

  return {
    show,
    dismiss,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => alerts,
  };
}
