declare global {
  interface Window {
    /** Set by index.html: stops holding taps on buttons and gives those held, each once, in order. */
    __stopHoldingTaps?: () => HTMLButtonElement[];
  }
}

/** Stops holding taps (see index.html) and gives those held. */
export function stopHoldingTaps(): HTMLButtonElement[] {
  const stop = window.__stopHoldingTaps;
  window.__stopHoldingTaps = undefined;
  return stop?.() ?? [];
}

/**
 * Makes the taps held while a page drawn on the server waited for the app and for the session's
 * own data, on the buttons still there: a visitor's vote tapped at once asks them to log in.
 */
export function replayHeldTaps(): void {
  for (const button of stopHoldingTaps()) {
    if (button.isConnected) button.click();
  }
}
