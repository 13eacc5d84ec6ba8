// The rate limits, per client address: one map, and each route names its limit in its config
// (`config: { limit: 'vote' }`). Routes that name none count against the global limit only.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { countRateLimitRefusal } from '../metrics/metrics.ts';

export interface RateLimit {
  max: number;
  timeWindow: string;
}

export const RATE_LIMITS = {
  global: { max: 600, timeWindow: '1 minute' },
  login: { max: 10, timeWindow: '1 minute' },
  /** Failed logins per username, from any address. */
  loginFailuresPerName: { max: 10, timeWindow: '15 minutes' },
  signup: { max: 5, timeWindow: '10 minutes' },
  /** Asking for a link to set a new password, per address (each account also gets few links an hour). */
  passwordReset: { max: 5, timeWindow: '15 minutes' },
  /** Following email confirmation links, per address. */
  confirmEmail: { max: 10, timeWindow: '15 minutes' },
  notFound: { max: 60, timeWindow: '1 minute' },
  createPost: { max: 5, timeWindow: '1 minute' },
  vote: { max: 120, timeWindow: '1 minute' },
  editContent: { max: 60, timeWindow: '1 minute' },
  createComment: { max: 20, timeWindow: '1 minute' },
  settings: { max: 30, timeWindow: '1 minute' },
  upload: { max: 20, timeWindow: '1 minute' },
  linkInfo: { max: 30, timeWindow: '1 minute' },
  analytics: { max: 120, timeWindow: '1 minute' },
  report: { max: 10, timeWindow: '1 minute' },
  listWrite: { max: 60, timeWindow: '1 minute' },
  /** Saves of drafts as they are typed (the app sends one every few seconds at most), and their deletions. */
  draft: { max: 120, timeWindow: '1 minute' },
  search: { max: 120, timeWindow: '1 minute' },
  communityRequest: { max: 5, timeWindow: '12 hours' },
  /** Asking for an archive of one's data (each account also gets one archive an hour). */
  dataExport: { max: 3, timeWindow: '1 hour' },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The stricter limit of RATE_LIMITS this route counts against, besides the global one. */
    limit?: RateLimitName;
  }
}

/**
 * Hands each route's named limit to the rate-limit plugin, which reads `config.rateLimit` when a
 * route is added: call it before registering that plugin, so this hook runs first.
 */
export function applyNamedRateLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const name = route.config?.limit;
    if (name) route.config = { ...route.config, rateLimit: RATE_LIMITS[name] };
  });
}

/**
 * The rate-limit plugin's `onExceeded`: counts the refusal under the name of the limit the route
 * counts against (the global one when it names none).
 */
export function countRefusal(request: FastifyRequest): void {
  countRateLimitRefusal(request.routeOptions.config.limit ?? 'global');
}

/** Counts a refusal by a limit applied by hand, outside the plugin's hooks. */
export function countRefusalOf(limit: RateLimitName): void {
  countRateLimitRefusal(limit);
}
