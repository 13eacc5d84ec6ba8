import type { DevicePreferences } from '@quorum/shared/entities/site';
import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from './storage.ts';

// Keep the key in step with the inline script in index.html, which applies the font early.
const STORAGE_KEY = 'device_preferences';

export const DEFAULT_DEVICE_PREFERENCES: DevicePreferences = {
  feed_layout: 'card',
  top_navbar_autohide_disabled: false,
  infinite_scrolling_disabled: false,
  font: 'custom',
  keyboard_shortcuts_disabled: false,
};

function read(): DevicePreferences {
  const raw = readStorage(STORAGE_KEY);
  if (!raw) return DEFAULT_DEVICE_PREFERENCES;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return DEFAULT_DEVICE_PREFERENCES;
    const value = parsed as Partial<Record<keyof DevicePreferences, unknown>>;
    return {
      feed_layout: value.feed_layout === 'compact' ? 'compact' : 'card',
      top_navbar_autohide_disabled: value.top_navbar_autohide_disabled === true,
      infinite_scrolling_disabled: value.infinite_scrolling_disabled === true,
      font: value.font === 'system' ? 'system' : 'custom',
      keyboard_shortcuts_disabled: value.keyboard_shortcuts_disabled === true,
    };
  } catch {
    return DEFAULT_DEVICE_PREFERENCES;
  }
}

let preferences = typeof window === 'undefined' ? DEFAULT_DEVICE_PREFERENCES : read();
const listeners = new Set<() => void>();

function apply(): void {
  document.documentElement.dataset.font = preferences.font;
}

function refresh(): void {
  preferences = read();
  apply();
  for (const listener of listeners) listener();
}

/** Preferences of this device only, kept in localStorage (never sent to the server). */
export function updateDevicePreferences(change: Partial<DevicePreferences>): void {
  writeStorage(STORAGE_KEY, JSON.stringify({ ...preferences, ...change }));
  refresh();
}

/** Applies the preferences and follows changes made in other tabs. Call once at start-up. */
export function watchDevicePreferences(): () => void {
  apply();
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) refresh();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDevicePreferences(): DevicePreferences {
  return useSyncExternalStore(subscribe, () => preferences, () => DEFAULT_DEVICE_PREFERENCES);
}
