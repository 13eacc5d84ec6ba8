import { genericErrorMessage } from '@quorum/client/api-error';
import { PULL_TO_REFRESH_PX } from '@quorum/shared/constants';
import { Messages } from '@quorum/shared/errors';
import { isCancelledError, onlineManager } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useAlerts } from '../lib/alerts-context.tsx';

/** Up to the threshold the indicator moves half as far as the finger, past it a fifth as far. */
const RESISTANCE = 0.5;
const RESISTANCE_PAST_THRESHOLD = 0.2;
/** The farthest the indicator travels, however far the finger goes. */
export const PULL_OFFSET_MAX_PX = 90;
/** Where the indicator rests while the refresh runs. */
export const PULL_OFFSET_REFRESHING_PX = PULL_TO_REFRESH_PX * RESISTANCE;
/** Finger travel before a drag counts as a pull or as something else, so that taps never start one. */
const PULL_SLOP_PX = 8;

/** How far the indicator follows a finger dragged `drag` px down: with resistance, and capped. */
export function pullOffset(drag: number): number {
  if (drag <= 0) return 0;
  if (drag <= PULL_TO_REFRESH_PX) return drag * RESISTANCE;
  return Math.min(PULL_OFFSET_REFRESHING_PX + (drag - PULL_TO_REFRESH_PX) * RESISTANCE_PAST_THRESHOLD, PULL_OFFSET_MAX_PX);
}

/** Whether letting go after a drag of `drag` px refreshes. */
export function isPastThreshold(drag: number): boolean {
  return drag >= PULL_TO_REFRESH_PX;
}

/** How much of the way to the threshold a drag has come, from 0 to 1. */
export function pullProgress(drag: number): number {
  return Math.min(Math.max(drag, 0) / PULL_TO_REFRESH_PX, 1);
}

const MODAL_SELECTOR = 'dialog[open], [aria-modal="true"]';

/**
 * A drag that starts inside something that scrolls by itself belongs to it: sideways (a carousel,
 * a wide table) or up (a list scrolled down inside the page).
 */
function startsInScroller(target: EventTarget | null): boolean {
  let element = target instanceof Element ? target : null;
  while (element && element !== document.body && element !== document.documentElement) {
    const style = window.getComputedStyle(element);
    if (/auto|scroll/.test(style.overflowX) && element.scrollWidth > element.clientWidth) return true;
    if (/auto|scroll/.test(style.overflowY) && element.scrollTop > 0) return true;
    element = element.parentElement;
  }
  return false;
}

function isAtTop(): boolean {
  return window.scrollY <= 0;
}

export interface PullToRefreshOptions {
  /** Off while there is nothing to refresh. */
  enabled: boolean;
  /** Loads the newest items; rejects when that failed. */
  onRefresh: () => Promise<unknown>;
}

export interface PullToRefreshState {
  /** How far the finger has been dragged down, in px (0 when no pull is under way). */
  drag: number;
  refreshing: boolean;
}

/**
 * Pull to refresh on touch screens: at the top of the page, a finger dragged down and let go past
 * PULL_TO_REFRESH_PX calls `onRefresh`; let go earlier, nothing happens. Never with a mouse, never
 * while a modal is open, and not from inside an element that scrolls by itself. Offline it says so
 * instead of trying; a failure raises the app's alert.
 *
 * The listeners are passive but one: touchmove, which must be able to stop the page's own
 * overscroll while a pull is under way, and is only listened to while the page is at its top.
 */
export function usePullToRefresh({ enabled, onRefresh }: PullToRefreshOptions): PullToRefreshState {
  const alerts = useAlerts();
  const [drag, setDrag] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const onRefreshRef = useRef(onRefresh);
  useEffect(() => {
    onRefreshRef.current = onRefresh;
  });

  const listening = enabled && !refreshing;

  // Listening from the commit that draws the screen, so that a finger put down as soon as it shows is followed.
  useLayoutEffect(() => {
    if (!listening) return;
    let start: { x: number; y: number } | null = null;
    let pulling = false;
    let distance = 0;
    let moveListened = false;

    const refresh = async () => {
      if (!onlineManager.isOnline()) {
        alerts.show(Messages.offline, { id: Messages.offline });
        return;
      }
      setRefreshing(true);
      try {
        await onRefreshRef.current();
      } catch (error) {
        // Cancelled: the screen went away, or a newer fetch took over.
        if (!isCancelledError(error)) {
          const text = genericErrorMessage(error);
          alerts.show(text, { id: text });
        }
      } finally {
        setRefreshing(false);
      }
    };

    const stop = () => {
      start = null;
      pulling = false;
      distance = 0;
      setDrag(0);
    };

    const onMove = (event: TouchEvent) => {
      if (!start) return;
      const touch = event.touches[0];
      if (event.touches.length !== 1 || !touch) {
        stop();
        return;
      }
      const dx = touch.clientX - start.x;
      const dy = touch.clientY - start.y;
      if (!pulling) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) < PULL_SLOP_PX) return;
        // Sideways, upwards, or the page has moved: it is not a pull.
        if (dy <= Math.abs(dx) || !isAtTop()) {
          start = null;
          return;
        }
        pulling = true;
      }
      if (event.cancelable) event.preventDefault();
      distance = Math.max(dy, 0);
      setDrag(distance);
    };

    // Listened to only at the top of the page, so that scrolling anywhere else never waits on it.
    const syncMoveListener = () => {
      const wanted = isAtTop() || start !== null;
      if (wanted === moveListened) return;
      moveListened = wanted;
      if (wanted) window.addEventListener('touchmove', onMove, { passive: false });
      else window.removeEventListener('touchmove', onMove);
    };

    const onStart = (event: TouchEvent) => {
      // A second finger ends a pull under way without refreshing.
      stop();
      const touch = event.touches[0];
      if (event.touches.length !== 1 || !touch || !isAtTop()) return;
      if (document.querySelector(MODAL_SELECTOR) || startsInScroller(event.target)) return;
      start = { x: touch.clientX, y: touch.clientY };
      syncMoveListener();
    };

    const onEnd = () => {
      const released = pulling ? distance : 0;
      stop();
      syncMoveListener();
      if (isPastThreshold(released)) void refresh();
    };

    const onCancel = () => {
      stop();
      syncMoveListener();
    };

    syncMoveListener();
    window.addEventListener('scroll', syncMoveListener, { passive: true });
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchend', onEnd, { passive: true });
    window.addEventListener('touchcancel', onCancel, { passive: true });
    return () => {
      window.removeEventListener('scroll', syncMoveListener);
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onCancel);
      window.removeEventListener('touchmove', onMove);
      setDrag(0);
    };
  }, [listening, alerts]);

  return { drag, refreshing };
}
