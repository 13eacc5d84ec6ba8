import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { loginBody, signupBody } from '@quorum/shared/schemas/users';
import { badRequest, conflict, forbidden, HttpError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { getSiteSettings } from '../site/settings.ts';
import { presentUser } from '../users/present.ts';
import { getUserById, getUserByName, insertUser } from '../users/queries.ts';
import type { Sql } from '../db/connect.ts';
import { verifyCaptcha } from './captcha.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.ts';
import { requireUser } from './plugin.ts';

export interface AuthRoutesOptions {
  sql: Sql;
  captcha: { secret: string; verifyUrl: string } | undefined;
  /** Per-route rate limits, or false when rate limiting is off. */
  limits: { login: object; signup: object } | false;
}

const logoutQuery = v.object({ action: v.optional(v.literal('logout', 'Unknown action.')) });

const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, { sql, captcha, limits }) => {
  app.post('/_signup', { config: { rateLimit: limits && limits.signup } }, async (request, reply) => {
    if (request.user) throw conflict(ErrorCode.alreadyLoggedIn, 'You are already logged in.');
    const body = parse(signupBody, request.body);
    const settings = await getSiteSettings(sql);
    if (settings.signupsDisabled) throw forbidden(Messages.signupsDisabled, ErrorCode.signupsDisabled);
    if (captcha && !(await verifyCaptcha(captcha, body.captchaToken, request.ip))) {
      throw badRequest('Captcha verification failed. Please try again.', ErrorCode.captchaFailed);
    }

    const inserted = await insertUser(sql, {
      username: body.username,
      email: body.email === '' ? null : body.email,
      passwordHash: await hashPassword(body.password),
      ip: request.ip,
    });
    if (inserted === 'taken') throw conflict(ErrorCode.usernameTaken, Messages.usernameTaken(body.username));

    await reply.startSession(inserted.id);
    const user = await getUserById(sql, inserted.id);
    if (!user) throw new Error('new user vanished');
    return reply.code(201).send(presentUser(user, user));
  });

  app.post('/_login', { config: { rateLimit: limits && limits.login } }, async (request, reply) => {
    const { action } = parse(logoutQuery, request.query);
    if (action === 'logout') {
      await reply.endSession();
      return { success: true };
    }

    const body = parse(loginBody, request.body);
    const user = await getUserByName(sql, body.username);
    if (!user || user.deletedAt) {
      await verifyAgainstNothing(body.password);
      throw new HttpError(401, ErrorCode.wrongCredentials, Messages.wrongCredentials);
    }
    if (!(await verifyPassword(body.password, user.passwordHash))) {
      throw new HttpError(401, ErrorCode.wrongCredentials, Messages.wrongCredentials);
    }
    if (user.bannedAt) throw forbidden(Messages.suspended(user.username), ErrorCode.accountSuspended);

    await reply.startSession(user.id);
    return presentUser(user, user);
  });

  app.get('/_user', async (request) => {
    const user = requireUser(request);
    return presentUser(user, user);
  });
};

export default authRoutes;
