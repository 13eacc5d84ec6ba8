import type { FastifyPluginAsync } from 'fastify';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { loginBody, loginQuery, signupBody } from '@quorum/shared/schemas/users';
import type { Sql } from '../db/connect.ts';
import { conflict } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { presentUser } from '../users/present.ts';
import { loadUser } from '../users/queries.ts';
import { logIn, signUp, type CaptchaOptions } from './accounts.ts';
import type { ScryptCost } from './passwords.ts';
import { requireUser } from './plugin.ts';

export interface AuthRoutesOptions {
  sql: Sql;
  captcha: CaptchaOptions | undefined;
  /** scrypt cost of new password hashes. */
  cost: ScryptCost;
  /** Per-route rate limits, or false when rate limiting is off. */
  limits: { login: object; signup: object } | false;
}

const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, { sql, captcha, cost, limits }) => {
  app.post('/_signup', { config: { rateLimit: limits && limits.signup } }, async (request, reply) => {
    if (request.user) throw conflict(ErrorCode.alreadyLoggedIn, Messages.alreadyLoggedIn);
    const body = parse(signupBody, request.body);
    const userId = await signUp(sql, body, { ip: request.ip, captcha, cost });
    await reply.startSession(userId);
    const user = await loadUser(sql, userId);
    return reply.code(201).send(presentUser(user, user));
  });

  app.post('/_login', { config: { rateLimit: limits && limits.login } }, async (request, reply) => {
    const { action } = parse(loginQuery, request.query);
    if (action === 'logout') {
      await reply.endSession();
      return { success: true };
    }
    const user = await logIn(sql, parse(loginBody, request.body), cost);
    await reply.startSession(user.id);
    return presentUser(user, user);
  });

  app.get('/_user', async (request) => {
    const user = await loadUser(sql, requireUser(request).id);
    return presentUser(user, user);
  });
};

export default authRoutes;
