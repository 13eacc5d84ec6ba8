import type { Image } from '@quorum/shared/entities/images';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useHasBeenTrue } from '../../../hooks/use-has-been-true.ts';
import { lazyComponent, preloadWhenIdle } from '../../../lib/lazy-component.ts';

const LightboxView = lazyComponent(async () => (await import('./lightbox-view.tsx')).LightboxView);

/** Marks the history entry that stands for an open lightbox. */
const ENTRY_MARK = 'lightbox';

function isLightboxEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && ENTRY_MARK in state;
}

/**
 * Adds a history entry for the open lightbox, at the same address, so that Back closes it rather
 * than leaving the page. The router's own state is kept in the entry, so that the router takes the
 * way back as a return to the entry it already shows.
 */
function pushLightboxEntry(): void {
  const state: unknown = window.history.state;
  if (isLightboxEntry(state)) return;
  window.history.pushState({ ...(typeof state === 'object' ? state : null), [ENTRY_MARK]: true }, '');
}

export interface LightboxControl {
  /** The index of the image shown, or null while closed. */
  openAt: number | null;
  open: (index: number) => void;
  /** Closes it (from its own controls): the entry it added to the history goes too. */
  close: () => void;
  /** Records the image being looked at. */
  view: (index: number) => void;
}

/**
 * The state of a lightbox over a list of images: which one it opened at, and the history entry
 * that lets Back close it. `onClosed` gets the index of the image looked at last, however the
 * lightbox was closed.
 */
export function useLightbox(onClosed: (lastViewed: number) => void): LightboxControl {
  const [openAt, setOpenAt] = useState<number | null>(null);
  const viewed = useRef(0);
  const onClosedRef = useRef(onClosed);
  useEffect(() => {
    onClosedRef.current = onClosed;
  });

  const open = useCallback((index: number) => {
    viewed.current = index;
    pushLightboxEntry();
    setOpenAt(index);
  }, []);

  const close = useCallback(() => {
    setOpenAt(null);
    onClosedRef.current(viewed.current);
    if (isLightboxEntry(window.history.state)) window.history.back();
  }, []);

  const view = useCallback((index: number) => {
    viewed.current = index;
  }, []);

  const isOpen = openAt !== null;
  useEffect(() => {
    if (!isOpen) return;
    const onPopState = (event: PopStateEvent) => {
      if (isLightboxEntry(event.state)) return;
      setOpenAt(null);
      onClosedRef.current(viewed.current);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [isOpen]);

  return { openAt, open, close, view };
}

interface LightboxProps {
  images: Image[];
  control: LightboxControl;
  /** The dialog's name. */
  label: string;
}

/**
 * A full-screen viewer of `images` (swipe, zoom, captions), loaded on demand: its code is fetched
 * when the browser is idle or on first opening, so the page around it does not wait for it.
 */
export function Lightbox({ images, control, label }: LightboxProps) {
  const opened = useHasBeenTrue(control.openAt !== null);
  useEffect(() => preloadWhenIdle(LightboxView), []);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LightboxView images={images} index={control.openAt} label={label} onView={control.view} onClose={control.close} />
    </Suspense>
  );
}
