import { readStorage, writeStorage } from '../../lib/storage.ts';

const STORAGE_KEY = 'recent_searches';
/** Recent searches kept on the device (chosen). */
export const RECENT_SEARCHES_MAX = 10;

/** A search as it is remembered: trimmed, its spaces collapsed. */
export function normalizeSearch(query: string): string {
  return query.trim().replace(/\s+/g, ' ');
}

/** The list with `query` put first, an earlier copy of it (in any case) taken out, and the oldest dropped. */
export function withRecentSearch(list: readonly string[], query: string): string[] {
  const text = normalizeSearch(query);
  if (!text) return [...list];
  const lower = text.toLowerCase();
  return [text, ...list.filter((item) => item.toLowerCase() !== lower)].slice(0, RECENT_SEARCHES_MAX);
}

/** What was stored, keeping only text entries (storage written by hand or by an older build may hold anything). */
export function parseRecentSearches(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    if (!Array.isArray(value)) return [];
    return value
      .filter((item): item is string => typeof item === 'string')
      .map(normalizeSearch)
      .filter(Boolean)
      .slice(0, RECENT_SEARCHES_MAX);
  } catch {
    return [];
  }
}

export function readRecentSearches(): string[] {
  return parseRecentSearches(readStorage(STORAGE_KEY));
}

export function rememberSearch(query: string): void {
  writeStorage(STORAGE_KEY, JSON.stringify(withRecentSearch(readRecentSearches(), query)));
}

export function clearRecentSearches(): void {
  writeStorage(STORAGE_KEY, null);
}
