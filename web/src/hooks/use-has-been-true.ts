import { useState } from 'react';

/**
 * True from the first render in which `value` is true, and from then on. A dialog whose code
 * loads on demand mounts when first opened and stays mounted, so that it closes as it always does.
 */
export function useHasBeenTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
