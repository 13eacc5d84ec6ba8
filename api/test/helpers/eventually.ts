/**
 * Reads `read` until `check` accepts what it gives, or 20 s have passed; answers the last value
 * read, for the test to assert on (so a value that never came fails with what it was).
 */
export async function eventually<T>(read: () => T | Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
