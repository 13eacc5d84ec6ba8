import { useEffect, useState } from 'react';

/** Turns true only after `delay` ms of `active`, so quick loads show no loading state at all. */
export function useDelayedFlag(active: boolean, delay: number): boolean {
  const [shown, setShown] = useState(false);
  // Reset while rendering, so that the next activation waits its full delay again.
  if (!active && shown) setShown(false);
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => setShown(true), delay);
    return () => window.clearTimeout(timer);
  }, [active, delay]);
  return active && shown;
}
