import { createContext, useContext } from 'react';

/**
 * What the server assumed when it rendered a page: the browser's first render must draw the same
 * thing to take the page over (hydrate it) without a mismatch, and only then switch to what the
 * device really says (its width, its clock, its stored preferences).
 */
export interface FirstRender {
  /** The time the page's timestamps were written at. */
  now: number;
  /** Whether the page was drawn for a phone's width (guessed from the browser's name). */
  phone: boolean;
}

const FirstRenderContext = createContext<FirstRender>({ now: 0, phone: false });

export const FirstRenderProvider = FirstRenderContext.Provider;

/** What the server assumed; values read from the device in a first render must fall back to it. */
export function useFirstRender(): FirstRender {
  return useContext(FirstRenderContext);
}
