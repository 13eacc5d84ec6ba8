import type { FastifyPluginAsync } from 'fastify';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { forgotPasswordBody, loginBody, loginQuery, resetPasswordBody, signupBody } from '@quorum/shared/schemas/users';
import { Success } from '@quorum/shared/entities/schema';
import type { SecondStep } from '@quorum/shared/entities/two-step';
import { LoginAnswer, User, UserOrSecondStep } from '@quorum/shared/entities/users';
import { codeBody } from '@quorum/shared/schemas/two-step';
import { hashSessionId, requireUser } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { conflict, HttpError, tooManyRequests } from '../http/errors.ts';
import { countRefusalOf, RATE_LIMITS } from '../http/rate-limits.ts';
import { parse } from '../http/validate.ts';
import { logIn, signUp, type CaptchaOptions } from './credentials.ts';
import { queuePasswordReset, resetPassword } from './password-reset.ts';
import type { ScryptCost } from './passwords.ts';
import { presentUser } from './present.ts';
import { loadUser } from './queries.ts';
import { finishSecondStep, startSecondStep } from './two-step.ts';

export interface AuthRoutesOptions {
  sql: Sql;
  captcha: CaptchaOptions | undefined;
  /** scrypt cost of new password hashes. */
  cost: ScryptCost;
}

const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, { sql, captcha, cost }) => {
  app.post('/_signup', { schema: sends(User), config: { limit: 'signup' } }, async (request, reply) => {
    if (request.user) throw conflict(ErrorCode.alreadyLoggedIn, Messages.alreadyLoggedIn);
    const body = parse(signupBody, request.body);
    const userId = await signUp(sql, body, { ip: request.ip, captcha, cost }, app.jobs);
    await reply.startSession(userId);
    const user = await loadUser(sql, userId);
    return reply.code(201).send(presentUser(user, user));
  });

  // Failed logins counted per username (any case) whatever the address, against guessing one
  // account's password from many addresses; while rate limiting is on.
  const failuresPerName = app.hasDecorator('createRateLimit')
    ? app.createRateLimit({
        ...RATE_LIMITS.loginFailuresPerName,
        keyGenerator: (request) => `login-failures:${parse(loginBody, request.body).username.toLowerCase()}`,
      })
    : undefined;

  const secondStep: SecondStep = { secondStep: 'code' };

  // Logging in and out stay open to blocked addresses: a block stops changes, not sessions. An
  // account with two-step sign-in gets no session for its password alone: a code is asked next.
  app.post('/_login', {
    schema: sends(LoginAnswer),
    config: { limit: 'login', ipBlockExempt: true },
  }, async (request, reply) => {
    const { action } = parse(loginQuery, request.query);
    if (action === 'logout') {
      await reply.endSession();
      return { success: true };
    }
    const body = parse(loginBody, request.body);
    const failures = await failuresPerName?.(request, { increment: false });
    if (failures && !failures.isAllowed && failures.remaining === 0) {
      countRefusalOf('loginFailuresPerName');
      throw tooManyRequests();
    }
    const user = await logIn(sql, body, cost).catch(async (error: unknown) => {
      if (error instanceof HttpError && error.code === ErrorCode.wrongCredentials) await failuresPerName?.(request);
      throw error;
    });
    if (await startSecondStep(sql, hashSessionId(request.sessionId), user.id)) return secondStep;
    await reply.startSession(user.id);
    return presentUser(user, user);
  });

  // The second step of a login: a code from the authenticator app or a backup code, given in the
  // browser that gave the password, within a few minutes and a few tries.
  app.post('/_login_code', {
    schema: sends(User),
    config: { limit: 'login', ipBlockExempt: true },
  }, async (request, reply) => {
    const { code } = parse(codeBody, request.body);
    const user = await finishSecondStep(sql, hashSessionId(request.sessionId), code);
    await reply.startSession(user.id);
    return presentUser(user, user);
  });

  // Asking for a link to set a new password: answered alike whether or not an account matched.
  app.post('/_forgot_password', { schema: sends(Success), config: { limit: 'passwordReset' } }, async (request) => {
    const { login } = parse(forgotPasswordBody, request.body);
    await queuePasswordReset(app.jobs, login);
    return { success: true as const };
  });

  // Following the link: the new password is set, every session of the account ends, and this one
  // starts, after the code for an account with two-step sign-in: the link alone does not log in.
  app.post('/_reset_password', { schema: sends(UserOrSecondStep), config: { limit: 'passwordReset' } }, async (request, reply) => {
    const userId = await resetPassword(sql, parse(resetPasswordBody, request.body), cost);
    if (await startSecondStep(sql, hashSessionId(request.sessionId), userId)) return secondStep;
    await reply.startSession(userId);
    const user = await loadUser(sql, userId);
    return presentUser(user, user);
  });

  app.get('/_user', { schema: sends(User) }, async (request) => {
    const user = await loadUser(sql, requireUser(request).id);
    return presentUser(user, user);
  });
};

export default authRoutes;
