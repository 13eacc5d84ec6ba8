// The Node.js flags the server runs with, for `npm start` and the benchmark alike.

/**
 * On the embedded database (no DATABASE_URL) the site is a small one on one machine, where memory
 * counts more than the last percent of speed: V8's young generation grows to 16 MB a half while
 * the server starts and keeps that room. 2 MB a half takes the idle server from about 133 to
 * 110 MB, for more frequent (and shorter) collections of young objects.
 */
export function serverNodeFlags(env) {
  return env.DATABASE_URL ? [] : ['--max-semi-space-size=2'];
}
