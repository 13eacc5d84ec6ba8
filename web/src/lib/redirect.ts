/**
 * A redirect target from a query parameter, kept only when it is a path on this site: anything
 * else (another origin, a protocol-relative URL) falls back to the home page.
 */
export function safeRedirectPath(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}
