import { MOBILE_BREAKPOINT_PX, WIDE_LAYOUT_BREAKPOINT_PX } from '@quorum/shared/constants';
import { useCallback, useSyncExternalStore } from 'react';
import { useFirstRender } from '../lib/first-render.ts';

/** Whether `query` matches; a page drawn on the server assumes `onPhone` for phones and the opposite for wider screens. */
export function useMediaQuery(query: string, onPhone: boolean): boolean {
  const { phone } = useFirstRender();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => (phone ? onPhone : !onPhone),
  );
}

/** Phones: narrower than the mobile breakpoint (the same query as the stylesheets use). */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, true);
}

/**
 * Wide screens, where the post, community and profile pages show their sidebar: wider than the
 * wide-layout breakpoint, which itself still counts as narrow (the same query as the stylesheets).
 */
export function useIsWideLayout(): boolean {
  return useMediaQuery(`(min-width: ${WIDE_LAYOUT_BREAKPOINT_PX + 1}px)`, false);
}
