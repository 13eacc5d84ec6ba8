import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Passkey, PasskeyCreationOptions, PasskeyRequestOptions, Passkeys } from '@quorum/shared/entities/passkeys';
import { Success } from '@quorum/shared/entities/schema';
import { User } from '@quorum/shared/entities/users';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { isUuid } from '@quorum/shared/schemas/common';
import { addPasskeyBody, passkeyAssertionBody, renamePasskeyBody } from '@quorum/shared/schemas/passkeys';
import { hashSessionId, requireUser } from '../auth/plugin.ts';
import { markChecked, requireRecentCheck } from '../auth/recent-check.ts';
import type { Sql } from '../db/connect.ts';
import { noBody, sends } from '../http/answer-schema.ts';
import { conflict, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { presentUser } from '../users/present.ts';
import { loadUser } from '../users/queries.ts';
import {
  addPasskey, checkOptions, loginOptions, registrationOptions, relyingParty, verifyCheck, verifyLogin, type Ceremony,
} from './ceremonies.ts';
import { presentPasskey } from './present.ts';
import * as q from './queries.ts';

export interface PasskeysRoutesOptions {
  sql: Sql;
  /** The site's address: its host name is the relying party id, its origin the one browsers must report. */
  publicUrl: string;
}

/** A passkey's id in the path: anything but a UUID names none. */
const passkeyId = (request: FastifyRequest<{ Params: { id: string } }>) => {
  const { id } = request.params;
  if (!isUuid(id)) throw notFound(Messages.passkeyNotFound);
  return id.toLowerCase();
};

/** The member's passkeys, signing in with one, and proving who one is with one. */
const passkeysRoutes: FastifyPluginAsync<PasskeysRoutesOptions> = async (app, { sql, publicUrl }) => {
  const rp = relyingParty(publicUrl);
  const ceremony = (request: FastifyRequest): Ceremony => ({ rp, sessionKey: hashSessionId(request.sessionId), log: request.log });

  app.get('/passkeys', { schema: sends(Passkeys) }, async (request): Promise<Passkeys> => {
    const { id } = requireUser(request);
    return { passkeys: (await q.listPasskeys(sql, id)).map(presentPasskey) };
  });

  // Adding a passkey adds a way into the account: the member proves who they are first.
  app.post('/passkeys/_options', { schema: sends(PasskeyCreationOptions), config: { limit: 'settings' } }, async (request) => {
    const member = requireUser(request);
    await requireRecentCheck(sql, request);
    return registrationOptions(sql, ceremony(request), member);
  });

  app.post('/passkeys', { schema: sends(Passkey), config: { limit: 'settings' } }, async (request, reply) => {
    const member = requireUser(request);
    const body = parse(addPasskeyBody, request.body);
    const stored = await addPasskey(sql, ceremony(request), member, {
      // Checked in full by the WebAuthn library.
      response: body.response as RegistrationResponseJSON,
      name: body.name,
      userAgent: request.headers['user-agent'],
    });
    return reply.code(201).send(presentPasskey(stored));
  });

  app.patch<{ Params: { id: string } }>('/passkeys/:id', { schema: sends(Passkey), config: { limit: 'settings' } }, async (request) => {
    const { id: userId } = requireUser(request);
    const id = passkeyId(request);
    const { name } = parse(renamePasskeyBody, request.body);
    const renamed = await q.renamePasskey(sql, userId, id, name);
    if (!renamed) throw notFound(Messages.passkeyNotFound);
    return presentPasskey(renamed);
  });

  app.delete<{ Params: { id: string } }>('/passkeys/:id', { schema: sends(noBody), config: { limit: 'settings' } }, async (request, reply) => {
    const { id: userId } = requireUser(request);
    const id = passkeyId(request);
    await requireRecentCheck(sql, request);
    if (!(await q.deletePasskey(sql, userId, id))) throw notFound(Messages.passkeyNotFound);
    return reply.code(204).send();
  });

  // Signing in stays open to blocked addresses, as logging in with a password does.
  app.post('/_passkey_login_options', {
    schema: sends(PasskeyRequestOptions),
    config: { limit: 'login', ipBlockExempt: true },
  }, async (request) => {
    if (request.user) throw conflict(ErrorCode.alreadyLoggedIn, Messages.alreadyLoggedIn);
    return loginOptions(sql, ceremony(request));
  });

  // A sign-in with a passkey is a whole sign-in: the passkey is both something held and, verified
  // by the authenticator, something known or been.
  app.post('/_passkey_login', { schema: sends(User), config: { limit: 'login', ipBlockExempt: true } }, async (request, reply) => {
    if (request.user) throw conflict(ErrorCode.alreadyLoggedIn, Messages.alreadyLoggedIn);
    const { response } = parse(passkeyAssertionBody, request.body);
    const login = await verifyLogin(sql, ceremony(request), response as AuthenticationResponseJSON);
    const user = await loadUser(sql, login.userId);
    if (user.deletedAt) throw unauthorized(Messages.accountDeleted, ErrorCode.accountDeleted);
    if (user.bannedAt) throw forbidden(Messages.suspended(user.username), ErrorCode.accountSuspended);
    await login.record();
    await reply.startSession(user.id);
    return presentUser(user, user);
  });

  app.post('/_passkey_check_options', { schema: sends(PasskeyRequestOptions), config: { limit: 'login' } }, async (request) =>
    checkOptions(sql, ceremony(request), requireUser(request)),
  );

  // The passkey asked again before a sensitive change, as /api/_reauth asks for the password.
  app.post('/_passkey_check', { schema: sends(Success), config: { limit: 'login' } }, async (request) => {
    const member = requireUser(request);
    const { response } = parse(passkeyAssertionBody, request.body);
    await verifyCheck(sql, ceremony(request), member, response as AuthenticationResponseJSON);
    await markChecked(sql, request);
    return { success: true as const };
  });
};

export default passkeysRoutes;
