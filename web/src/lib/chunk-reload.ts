// A page opened before an update asks for code files the new version no longer has (the worker
// dropped the old ones). A fresh load of the page fixes that; it is tried once, never in a loop.
// Split chunks load while the router renders (a route's screen, or a dialog of the shell on first
// use, see lazy-component.ts), so the router's error screen does it (see route-error.tsx), once
// the address is the one the user was going to.

const RELOADED_AT_KEY = 'chunk_reload_at';
/** A second failure this soon after the reload is a real fault: the crash screen shows instead. */
const RELOAD_GUARD_MS = 30_000;

/** The browsers' messages for a code file that could not be fetched. */
const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/** False when the page was reloaded for a missing chunk moments ago, or cannot remember that it was. */
export function mayReloadForChunkError(): boolean {
  try {
    return Date.now() - Number(window.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0) >= RELOAD_GUARD_MS;
  } catch {
    // Without session storage a reload could repeat forever.
    return false;
  }
}

/** Reloads the page, remembering when, so that it happens once. */
export function reloadForChunkError(): void {
  window.sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  window.location.reload();
}
