// The names of the headers and cookies the API hands out and the web app, the service worker and
// the API client read, defined here once. Header names are case-insensitive; the request header is
// lowercase because that is how Node hands request headers to the server.

/** Request header a state-changing API call carries the anti-forgery token in. */
export const CSRF_REQUEST_HEADER = 'x-csrf-token';
/** Response header in which every API answer hands out the session's anti-forgery token. */
export const CSRF_RESPONSE_HEADER = 'Csrf-Token';
/** Readable (not httpOnly) cookie holding the same token, for callers that have not had an answer yet. */
export const CSRF_COOKIE = 'csrftoken';

/** Request header a client sends so that a retried write applies once. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
