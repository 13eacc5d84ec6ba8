// Messages the page and the service worker exchange.
export const SW_MESSAGE = {
  /** The page asks a waiting worker to take over now (the user agreed to update). */
  skipWaiting: 'SKIP_WAITING',
  /** The worker asks an open page to show an address (a push notification was clicked). */
  openUrl: 'OPEN_URL',
} as const;
