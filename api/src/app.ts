import Fastify, { type FastifyBodyParser, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import adminRoutes from './admin/routes.ts';
import authPlugin from './auth/plugin.ts';
import authRoutes from './auth/routes.ts';
import communitiesRoutes from './communities/routes.ts';
import type { Config } from './config.ts';
import type { Sql } from './db/connect.ts';
import { answerApiNotFound, answerConnectionError, frameworkErrors, setErrorHandler, trackApiRoutes } from './http/error-handler.ts';
import { tooManyRequests, unsupportedMediaType } from './http/errors.ts';
import { refuseNulInput } from './http/validate.ts';
import { hasWebBuild, sendAppShell, serveWeb } from './http/web.ts';
import imageFileRoutes from './images/file-routes.ts';
import imagesRoutes from './images/routes.ts';
import { createImageStore } from './images/storage.ts';
import commentsRoutes from './comments/routes.ts';
import initialRoutes from './initial/routes.ts';
import { linkImageSaver } from './links/preview.ts';
import linksRoutes from './links/routes.ts';
import mutesRoutes from './mutes/routes.ts';
import postsRoutes from './posts/routes.ts';
import { loadAppSecrets } from './site/app-data.ts';
import usersRoutes from './users/routes.ts';
import settingsRoutes from './users/settings-routes.ts';
import siteRoutes from './site/routes.ts';

/**
 * Addresses of files (the last segment has an extension, like /assets/index-1a2b.js) are never
 * pages: a missing one is a 404, not the app shell a script would choke on. No route of the app
 * has a dot in its last segment.
 */
function isFilePath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1));
}

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

export interface AppOptions {
  config: Config;
  sql: Sql;
  logger?: FastifyServerOptions['logger'];
}

// Limits per client address: the global one for every API route, stricter ones for some.
const LIMITS = {
  global: { max: 600, timeWindow: '1 minute' },
  login: { max: 10, timeWindow: '1 minute' },
  signup: { max: 5, timeWindow: '10 minutes' },
  notFound: { max: 60, timeWindow: '1 minute' },
  createPost: { max: 5, timeWindow: '1 minute' },
  vote: { max: 120, timeWindow: '1 minute' },
  editContent: { max: 60, timeWindow: '1 minute' },
  createComment: { max: 20, timeWindow: '1 minute' },
  settings: { max: 30, timeWindow: '1 minute' },
};

export async function buildApp({ config, sql, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: false,
    frameworkErrors,
    clientErrorHandler: answerConnectionError,
    connectionTimeout: 60_000,
    requestTimeout: 60_000,
    keepAliveTimeout: 10_000,
  });
  const allowedMethods = trackApiRoutes(app);
  setErrorHandler(app);

  const imageStore = createImageStore(config);
  const secrets = await loadAppSecrets(sql, { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey });

  // Infrastructure
  await app.register(fastifyCookie);
  readPlainTextAsJson(app);
  await app.register(fastifyMultipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10, parts: 11 } });
  if (config.rateLimit) {
    await app.register(fastifyRateLimit, {
      ...LIMITS.global,
      // Pages and assets are static files; only the API and the not-found answers are limited.
      allowList: (request) => !request.url.startsWith('/api/'),
      errorResponseBuilder: tooManyRequests,
    });
  }

  // Shared app plugins
  await app.register(authPlugin, { sql, secret: secrets.sessionSecret, secureCookies: config.publicUrl.startsWith('https://') });
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });

  // Domain routes
  const limits = config.rateLimit ? { login: LIMITS.login, signup: LIMITS.signup } : false;
  await app.register(
    async (api) => {
      refuseNulInput(api);
      await api.register(initialRoutes, { sql, vapidPublicKey: secrets.vapid.publicKey });
      await api.register(authRoutes, {
        sql,
        limits,
        captcha: config.captchaSecret ? { secret: config.captchaSecret, verifyUrl: config.captchaVerifyUrl } : undefined,
      });
      await api.register(usersRoutes, { sql });
      await api.register(settingsRoutes, { sql, limits: config.rateLimit ? { settings: LIMITS.settings } : false });
      await api.register(siteRoutes, { sql });
      await api.register(mutesRoutes, { sql });
      await api.register(communitiesRoutes, { sql, store: imageStore, maxBytes: config.uploadMaxBytes });
      await api.register(adminRoutes, { sql });
      await api.register(imagesRoutes, { sql, store: imageStore, maxBytes: config.uploadMaxBytes, limits: config.rateLimit ? { upload: { max: 20, timeWindow: '1 minute' } } : false });
      await api.register(linksRoutes, { allowPrivate: config.linkFetchAllowPrivate, limits: config.rateLimit ? { linkInfo: { max: 30, timeWindow: '1 minute' } } : false });
      await api.register(postsRoutes, {
        sql,
        linkImage: linkImageSaver(sql, imageStore, { allowPrivate: config.linkFetchAllowPrivate }),
        limits: config.rateLimit ? { create: LIMITS.createPost, vote: LIMITS.vote, edit: LIMITS.editContent } : false,
      });
      await api.register(commentsRoutes, {
        sql,
        limits: config.rateLimit ? { create: LIMITS.createComment, vote: LIMITS.vote, edit: LIMITS.editContent } : false,
      });
    },
    { prefix: '/api' },
  );
  await app.register(imageFileRoutes, { sql, store: imageStore });

  // The web app and the fallbacks
  const web = hasWebBuild(config.webDist) ? config.webDist : undefined;
  if (web) await serveWeb(app, web);
  app.setNotFoundHandler(
    { preHandler: config.rateLimit ? app.rateLimit(LIMITS.notFound) : undefined },
    (request, reply) => {
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && !isFilePath(request.url);
      if (web && isPage) return sendAppShell(reply);
      return answerApiNotFound(reply, request.url.startsWith('/api/') ? allowedMethods(request.method, request.url) : []);
    },
  );

  return app;
}
