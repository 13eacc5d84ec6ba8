import Fastify, { type FastifyBaseLogger, type FastifyBodyParser, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import type { TSchema } from '@sinclair/typebox';
import { SHARE_TARGET_PATH } from '@quorum/shared/share-target';
import type { AddressBlocker } from './admin/actions.ts';
import { adminJobHandlers } from './admin/jobs.ts';
import adminRoutes from './admin/routes.ts';
import { analyticsJobHandlers } from './analytics/jobs.ts';
import { backupJobHandlers, backupSettings } from './backups/jobs.ts';
import analyticsRoutes from './analytics/routes.ts';
import authPlugin, { sessionCookieName } from './auth/plugin.ts';
import { openRedis } from './cluster/redis.ts';
import commentsRoutes from './comments/routes.ts';
import communitiesRoutes from './communities/routes.ts';
import communityRequestsRoutes from './community-requests/routes.ts';
import type { Config } from './config.ts';
import { setGhostSecret } from './content/ghost.ts';
import type { Sql } from './db/connect.ts';
import readRouting from './db/read-routing.ts';
import healthRoutes from './health/routes.ts';
import { requireAnswerSchemas, serializerOf } from './http/answer-schema.ts';
import { refuseNonCanonicalPath } from './http/canonical-path.ts';
import { answerApiNotFound, answerConnectionError, frameworkErrors, setErrorHandler, trackApiRoutes } from './http/error-handler.ts';
import { tooManyRequests, unsupportedMediaType } from './http/errors.ts';
import { observeRequests, observeRouterRefusals, RequestLog, requestId } from './http/observe.ts';
import { applyNamedRateLimits, countRefusal, countRefusalOf, RATE_LIMITS } from './http/rate-limits.ts';
import { refuseNulInput } from './http/validate.ts';
import { createVisitorCache, dropCookiesFromSharedFile, keepCookiesPrivate } from './http/visitor-cache.ts';
import { hasWebBuild, sendAppShell, serveWeb, shareTargetFallback } from './http/web.ts';
import { honourIdempotencyKeys } from './idempotency/hooks.ts';
import { idempotencyJobHandlers } from './idempotency/jobs.ts';
import { mailJobHandlers } from './mail/jobs.ts';
import { createMailer } from './mail/mailer.ts';
import imageFileRoutes from './images/file-routes.ts';
import imagesRoutes from './images/routes.ts';
import { createImageStore } from './images/storage.ts';
import initialRoutes from './initial/routes.ts';
import { createIpBlockList, refuseBlockedAddresses } from './ipblocks/enforce.ts';
import { addIpBlock } from './ipblocks/actions.ts';
import ipBlocksRoutes from './ipblocks/routes.ts';
import { registerJobQueue } from './jobs/plugin.ts';
import { linkImageSaver } from './links/preview.ts';
import linksRoutes from './links/routes.ts';
import listsRoutes from './lists/routes.ts';
import modLogRoutes from './modlog/routes.ts';
import autoModRoutes from './automod/routes.ts';
import approvalsRoutes from './approvals/routes.ts';
import draftsRoutes from './drafts/routes.ts';
import { createExportFiles } from './exports/files.ts';
import { dataExportJobHandlers } from './exports/jobs.ts';
import exportsRoutes from './exports/routes.ts';
import passkeysRoutes from './passkeys/routes.ts';
import sessionsRoutes from './sessions/routes.ts';
import mutesRoutes from './mutes/routes.ts';
import { notificationJobHandlers, queueVoteNotification } from './notifications/jobs.ts';
import { postRankJobHandlers, queuePostRanks } from './posts/ranks.ts';
import notificationsRoutes from './notifications/routes.ts';
import { loadPageDrawer } from './pages/drawn-pages.ts';
import { createPageHeads } from './pages/page-heads.ts';
import postsRoutes from './posts/routes.ts';
import reportsRoutes from './reports/routes.ts';
import { searchJobHandlers } from './search/jobs.ts';
import searchRoutes from './search/routes.ts';
import { loadAppSecrets } from './site/app-data.ts';
import siteRoutes from './site/routes.ts';
import syndicationRoutes from './syndication/routes.ts';
import authRoutes from './users/auth-routes.ts';
import { emailConfirmationJobHandlers } from './users/email-confirmation.ts';
import { passwordResetJobHandlers } from './users/password-reset.ts';
import { scryptCost } from './users/passwords.ts';
import usersRoutes from './users/routes.ts';
import settingsRoutes from './users/settings-routes.ts';
import twoStepRoutes from './users/two-step-routes.ts';

/**
 * Addresses of files (the last segment has an extension, like /assets/index-1a2b.js) are never
 * pages: a missing one is a 404, not the app shell a script would choke on. No route of the app
 * has a dot in its last segment.
 */
function isFilePath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1));
}

/** Believes the last `hops` entries of X-Forwarded-For: those the proxies in front added. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * Clients written for the reference API send JSON bodies as text/plain (a "simple" request to the
 * browser) or with no type at all; they are read as JSON. Other unknown types stay a 415. The
 * anti-forgery header still guards every write.
 */
function readPlainTextAsJson(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  const parseJson: FastifyBodyParser<string | Buffer> = (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    return json(request, text, done);
  };
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, parseJson);
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    if (request.headers['content-type'] !== undefined) return done(unsupportedMediaType(), undefined);
    return parseJson(request, body, done);
  });
}

/** Push services want a contact: the site's https address, or a mailto: on its host. */
function vapidSubject(publicUrl: string): string {
  return publicUrl.startsWith('https://') ? publicUrl : `mailto:admin@${new URL(publicUrl).hostname}`;
}

export interface AppOptions {
  config: Config;
  sql: Sql;
  /** Read replicas of `sql`; none by default. */
  replicas?: Sql[];
  logger?: FastifyServerOptions['logger'];
  /** A logger made already (see logs/logger.ts); used instead of `logger`. */
  loggerInstance?: FastifyBaseLogger;
  /** Log one line per request once answered, as by default; a terminal's log leaves them out. */
  logRequests?: boolean;
  /**
   * Serialise each answer the plain way too, and fail it when its schema would change it (a field
   * the schema lacks, a value of another kind): for tests.
   */
  checkAnswers?: boolean;
}

export async function buildApp(
  { config, sql, replicas = [], logger = false, loggerInstance, logRequests = true, checkAnswers = false }: AppOptions,
): Promise<FastifyInstance> {
  const requestLog = new RequestLog({ logRequests, userId: (request) => request.user?.id });
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger }),
    logController: requestLog,
    // A hop count becomes the function Fastify takes for it (its types leave numbers out).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: false,
    genReqId: requestId,
    frameworkErrors: observeRouterRefusals(requestLog, frameworkErrors),
    clientErrorHandler: answerConnectionError,
    connectionTimeout: 60_000,
    requestTimeout: 60_000,
    keepAliveTimeout: 10_000,
  });
  observeRequests(app);
  const allowedMethods = trackApiRoutes(app);
  setErrorHandler(app);
  app.setSerializerCompiler(({ schema }) => serializerOf(schema as TSchema, { checked: checkAnswers }));

  const https = config.publicUrl.startsWith('https://');
  const imageStore = createImageStore(config);
  const exportFiles = createExportFiles(config.dataDir);
  const secrets = await loadAppSecrets(sql, { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey });
  setGhostSecret(secrets.ghostSecret);

  // Infrastructure
  const vapid = { ...secrets.vapid, subject: config.vapidSubject ?? vapidSubject(config.publicUrl) };
  const push = { vapid, allowPrivate: config.pushAllowPrivate };
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  registerJobQueue(
    app,
    sql,
    (jobs) => ({
      ...notificationJobHandlers(sql, jobs, push),
      ...postRankJobHandlers(sql),
      ...adminJobHandlers(sql),
      ...analyticsJobHandlers(sql),
      ...idempotencyJobHandlers(sql),
      ...searchJobHandlers(sql),
      ...backupJobHandlers(backupSettings(config)),
      ...passwordResetJobHandlers(sql, jobs, config.publicUrl),
      ...dataExportJobHandlers(sql, jobs, { files: exportFiles, publicUrl: config.publicUrl }),
      ...emailConfirmationJobHandlers(sql, jobs, config.publicUrl),
      ...mailJobHandlers(mailer),
    }),
    config.jobPollMs,
  );
  app.addHook('onReady', async () => app.log.info(`mail goes to ${mailer.describe()}`));
  // Vote notices left by a stop before their job was queued are told once the app is back.
  app.addHook('onReady', () => queueVoteNotification(app.jobs));
  // So are posts whose votes changed before a stop left them unranked.
  app.addHook('onReady', () => queuePostRanks(app.jobs));
  await app.register(fastifyCookie);
  await app.register(readRouting, { sql, replicas, secureCookies: https, sharedAnswerAgeMs: config.visitorCacheMs });
  readPlainTextAsJson(app);
  await app.register(fastifyMultipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10, parts: 11 } });

  // Shared app plugins
  await app.register(authPlugin, { sql, secret: secrets.sessionSecret, secureCookies: https });
  app.addHook('onRequest', refuseNonCanonicalPath);
  app.addHook('onSend', async (request, reply) => {
    if (!request.routeOptions.url?.startsWith('/api/')) dropCookiesFromSharedFile(reply);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    if (https) reply.header('Strict-Transport-Security', 'max-age=31536000');
  });

  // Domain routes
  const cost = scryptCost(config.scryptLogN);
  const blockList = createIpBlockList(sql);
  const visitorCache = createVisitorCache(config.visitorCacheMs);
  // Everything below is encapsulated in the API's plugin: its hooks and limits run for each
  // request the router matched to an API route, whichever spelling of the path reached it.
  await app.register(
    async (api) => {
      // Answers over 1 KB travel compressed (brotli or gzip, as the client accepts).
      await api.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
      requireAnswerSchemas(api);
      // Load balancers poll the health check: it answers before any limit or session is looked at.
      await api.register(healthRoutes, { sql, jobs: app.jobs });
      if (config.rateLimit) {
        applyNamedRateLimits(api);
        // With Redis every process and machine counts against the same limits; without it each
        // process keeps its own counters.
        const redis = config.redisUrl ? await openRedis(config.redisUrl, app.log) : undefined;
        if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
        await api.register(fastifyRateLimit, {
          ...RATE_LIMITS.global,
          errorResponseBuilder: tooManyRequests,
          onExceeded: countRefusal,
          ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rate-limit:`, skipOnError: true } : {}),
        });
      }
      api.addHook('onRequest', api.authenticate);
      api.addHook('onRequest', refuseBlockedAddresses(blockList));
      // Answers are not kept by browsers or shared caches unless their route says otherwise, and
      // not by shared caches when they hand out a cookie.
      api.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
        keepCookiesPrivate(reply);
      });
      api.setNotFoundHandler(
        { preHandler: config.rateLimit ? api.rateLimit({ ...RATE_LIMITS.notFound, onExceeded: () => countRefusalOf('notFound') }) : undefined },
        (request, reply) => answerApiNotFound(reply, allowedMethods(request.method, request.url)),
      );
      refuseNulInput(api);
      honourIdempotencyKeys(api, sql);
      await api.register(initialRoutes, {
        sql,
        visitorCache,
        vapidPublicKey: secrets.vapid.publicKey,
        captchaSiteKey: (config.captchaSecret && config.captchaSiteKey) || null,
      });
      await api.register(authRoutes, {
        sql,
        cost,
        captcha: config.captchaSecret ? { secret: config.captchaSecret, verifyUrl: config.captchaVerifyUrl } : undefined,
      });
      await api.register(usersRoutes, { sql, visitorCache, store: imageStore, maxBytes: config.uploadMaxBytes });
      await api.register(settingsRoutes, { sql, cost });
      await api.register(twoStepRoutes, { sql });
      await api.register(siteRoutes, { sql });
      await api.register(mutesRoutes, { sql });
      await api.register(communitiesRoutes, {
        sql,
        store: imageStore,
        maxBytes: config.uploadMaxBytes,
      });
      const blocker: AddressBlocker = {
        add: async (tx, { createdBy, ...block }) => void (await addIpBlock(tx, { id: createdBy }, { ...block, expiresInHours: null })),
        refresh: () => blockList.refresh(),
      };
      await api.register(adminRoutes, { sql, blocker, config });
      await api.register(communityRequestsRoutes, { sql });
      await api.register(ipBlocksRoutes, { sql, blockList });
      await api.register(analyticsRoutes, { sql });
      await api.register(imagesRoutes, { sql, store: imageStore, maxBytes: config.uploadMaxBytes });
      await api.register(linksRoutes, { allowPrivate: config.linkFetchAllowPrivate });
      await api.register(postsRoutes, {
        sql,
        visitorCache,
        linkImage: linkImageSaver(sql, imageStore, { allowPrivate: config.linkFetchAllowPrivate }),
      });
      await api.register(notificationsRoutes, { sql });
      await api.register(commentsRoutes, {
        sql,
        visitorCache,
      });
      await api.register(listsRoutes, { sql });
      await api.register(reportsRoutes, { sql });
      await api.register(modLogRoutes, { sql });
      await api.register(autoModRoutes, { sql });
      await api.register(approvalsRoutes, { sql });
      await api.register(draftsRoutes, { sql });
      await api.register(sessionsRoutes, { sql });
      await api.register(exportsRoutes, { sql, files: exportFiles });
      await api.register(passkeysRoutes, { sql, publicUrl: config.publicUrl });
      await api.register(searchRoutes, { sql, visitorCache, search: { timeoutMs: config.searchTimeoutMs } });
    },
    { prefix: '/api' },
  );
  await app.register(imageFileRoutes, { sql, store: imageStore, publicUrl: config.imagesPublicUrl });
  // Feeds, sitemaps, robots.txt and OpenSearch: before the web app, whose shell answers every other page.
  await app.register(syndicationRoutes, { visitorCache, publicUrl: config.publicUrl });
  app.post(SHARE_TARGET_PATH, shareTargetFallback);

  // The web app and the fallbacks
  const web = hasWebBuild(config.webDist) ? config.webDist : undefined;
  const shell = web ? await serveWeb(app, web, { captcha: Boolean(config.captchaSecret && config.captchaSiteKey) }) : undefined;
  const pageDrawer = web ? await loadPageDrawer({ app, webDist: web, visitorCache, sessionCookie: sessionCookieName(https) }) : undefined;
  const pageHeads = shell && createPageHeads({ db: sql, visitorCache, publicUrl: config.publicUrl, description: shell.description, log: app.log });
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isFilePath(request.url);
    if (shell && pageHeads && isPage) {
      const [head, drawn] = await Promise.all([pageHeads(request), pageDrawer?.draw(request)]);
      return sendAppShell(request, reply, shell, head, drawn ?? undefined);
    }
    return answerApiNotFound(reply, []);
  });

  return app;
}
