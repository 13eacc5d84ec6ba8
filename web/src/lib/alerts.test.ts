import { ALERT_LIFETIME_MS } from '@quorum/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAlertStore } from './alerts.ts';

describe('alert store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('removes an alert after its lifetime', () => {
    const store = createAlertStore();
    store.show('Saved.');
    expect(store.getSnapshot().map((alert) => alert.text)).toEqual(['Saved.']);
    vi.advanceTimersByTime(ALERT_LIFETIME_MS - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('replaces an alert with the same id and restarts its clock', () => {
    const store = createAlertStore();
    store.show('First', { id: 'x' });
    store.show('Other');
    vi.advanceTimersByTime(ALERT_LIFETIME_MS - 100);
    store.show('Second', { id: 'x' });
    expect(store.getSnapshot().map((alert) => alert.text)).toEqual(['Other', 'Second']);
    vi.advanceTimersByTime(200);
    expect(store.getSnapshot().map((alert) => alert.text)).toEqual(['Second']);
  });

  it('honours a custom lifetime and manual dismissal, and notifies listeners', () => {
    const store = createAlertStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const id = store.show('Muted.', { lifetime: 5000 });
    vi.advanceTimersByTime(4000);
    expect(store.getSnapshot()).toHaveLength(1);
    store.dismiss(id);
    expect(store.getSnapshot()).toHaveLength(0);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
