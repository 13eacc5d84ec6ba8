import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from './storage.ts';

export type Theme = 'light' | 'dark';
/** What the user asked for: a fixed theme, or whatever the system prefers. */
export type ThemeChoice = Theme | 'system';

export interface ThemeState {
  theme: Theme;
  choice: ThemeChoice;
}

// Keep in step with the inline script in index.html, which applies the theme before first paint.
const STORAGE_KEY = 'theme';
const THEME_COLORS: Record<Theme, string> = { light: '#ffffff', dark: '#181b21' };
const darkQuery = typeof window === 'undefined' ? null : window.matchMedia('(prefers-color-scheme: dark)');

function systemTheme(): Theme {
  return darkQuery?.matches ? 'dark' : 'light';
}

function storedTheme(): Theme | null {
  const value = readStorage(STORAGE_KEY);
  return value === 'light' || value === 'dark' ? value : null;
}

/** What a page drawn on the server shows: the server knows nothing of the device. */
const SERVER_STATE: ThemeState = { theme: 'light', choice: 'system' };

/** The theme in use; the server's own state when it is the same, so that a page taken over need not be drawn again. */
function readState(): ThemeState {
  const stored = storedTheme();
  const theme = stored ?? systemTheme();
  const choice = stored ?? 'system';
  return theme === SERVER_STATE.theme && choice === SERVER_STATE.choice ? SERVER_STATE : { theme, choice };
}
let state = typeof window === 'undefined' ? SERVER_STATE : readState();
const listeners = new Set<() => void>();

function apply(): void {
  const root = document.documentElement;
  root.dataset.theme = state.theme;
  root.style.colorScheme = state.theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[state.theme]);
}

function refresh(): void {
  const next = readState();
  if (next.theme === state.theme && next.choice === state.choice) return;
  state = next;
  apply();
  for (const listener of listeners) listener();
}

/**
 * The dark mode switch: the theme is stored only when it differs from the system's, so that a
 * user who switches back keeps following the system.
 */
export function setTheme(theme: Theme): void {
  writeStorage(STORAGE_KEY, theme === systemTheme() ? null : theme);
  refresh();
}

/** The settings choice: 'system' forgets any stored theme, a fixed theme is kept as chosen. */
export function setThemeChoice(choice: ThemeChoice): void {
  writeStorage(STORAGE_KEY, choice === 'system' ? null : choice);
  refresh();
}

/** Follows system changes and changes made in other tabs. Call once at start-up. */
export function watchTheme(): () => void {
  // The system's theme may have changed between the page's start and now.
  refresh();
  apply();
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) refresh();
  };
  darkQuery?.addEventListener('change', refresh);
  window.addEventListener('storage', onStorage);
  return () => {
    darkQuery?.removeEventListener('change', refresh);
    window.removeEventListener('storage', onStorage);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): ThemeState {
  return useSyncExternalStore(subscribe, () => state, () => SERVER_STATE);
}
