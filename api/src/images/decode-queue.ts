/**
 * Runs at most `limit` tasks at once; the others wait their turn in order. Decoding an image
 * takes memory in proportion to its pixels, so a burst of uploads must not decode all at once.
 */
export function concurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];

  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next task, or free it.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
