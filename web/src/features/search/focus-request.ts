/** Navigation state that asks the search page to put the cursor in its box (the phone tab bar's Search sends it). */
export const FOCUS_SEARCH_STATE = { focusSearch: true } as const;

export function isFocusSearchState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'focusSearch' in state && state.focusSearch === true;
}
