// Sensitive account changes (email, second step, passkeys) need the member to have proven who they
// are in this session within RECENT_CHECK_MINUTES: by logging in, or by giving their password or a
// passkey again. A stolen session cookie alone cannot change how the account is recovered.
import type { FastifyRequest } from 'fastify';
import { RECENT_CHECK_MINUTES } from '@quorum/shared/constants';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import type { Db } from '../db/connect.ts';
import { forbidden } from '../http/errors.ts';
import { hashSessionId, requireUser } from './plugin.ts';

/** A 403 `reauth_required` unless the logged-in member's session was checked within RECENT_CHECK_MINUTES. */
export async function requireRecentCheck(db: Db, request: FastifyRequest): Promise<void> {
  requireUser(request);
  const [row] = await db<{ recent: boolean }[]>`
    select checked_at > now() - make_interval(mins => ${RECENT_CHECK_MINUTES}) as recent
    from sessions where id = ${hashSessionId(request.sessionId)}`;
  if (!row?.recent) throw forbidden(Messages.reauthRequired, ErrorCode.reauthRequired);
}

/** Records that the logged-in member has just proven who they are in this session. */
export async function markChecked(db: Db, request: FastifyRequest): Promise<void> {
  requireUser(request);
  await db`update sessions set checked_at = now() where id = ${hashSessionId(request.sessionId)}`;
}
