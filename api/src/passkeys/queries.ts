// Passkeys and the challenges of their ceremonies. A challenge is keyed by the hash of the session
// cookie that asked for it (the visitor's, before a sign-in) and its purpose.
import type { Db } from '../db/connect.ts';

export interface PasskeyRow {
  id: string;
  userId: string;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  backedUp: boolean;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export type ChallengePurpose = 'register' | 'login' | 'check';

/** The member's passkeys, the oldest first. */
export async function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db<PasskeyRow[]>`select * from passkeys where user_id = ${userId} order by created_at, id`;
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const [row] = await db<{ count: number }[]>`select count(*)::int as count from passkeys where user_id = ${userId}`;
  return row?.count ?? 0;
}

/** The passkey with this credential id (any account's), or undefined. */
export async function getPasskeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db<PasskeyRow[]>`select * from passkeys where credential_id = ${credentialId}`;
  return row;
}

/** Stores a new passkey; undefined when its credential is registered already. */
export async function insertPasskey(
  db: Db,
  passkey: { userId: string; credentialId: string; publicKey: Uint8Array; counter: number; transports: string[]; backedUp: boolean; name: string },
): Promise<PasskeyRow | undefined> {
  const [row] = await db<PasskeyRow[]>`
    insert into passkeys (user_id, credential_id, public_key, counter, transports, backed_up, name)
    values (${passkey.userId}, ${passkey.credentialId}, ${Buffer.from(passkey.publicKey)}, ${passkey.counter},
            ${passkey.transports}::text[], ${passkey.backedUp}, ${passkey.name})
    on conflict (credential_id) do nothing
    returning *`;
  return row;
}

/** Renames one of the member's passkeys; undefined when they have none with this id. */
export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<PasskeyRow | undefined> {
  const [row] = await db<PasskeyRow[]>`update passkeys set name = ${name} where id = ${id} and user_id = ${userId} returning *`;
  return row;
}

/** Removes one of the member's passkeys; false when they have none with this id. */
export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db`delete from passkeys where id = ${id} and user_id = ${userId} returning id`;
  return rows.length > 0;
}

/**
 * Records a use of a passkey: its authenticator's new counter and backup state, and when. Only
 * while the counter is still the one the signature was checked against, so that two uses of one
 * signature count once; false otherwise.
 */
export async function recordPasskeyUse(
  db: Db,
  passkey: { id: string; counter: number },
  use: { counter: number; backedUp: boolean },
): Promise<boolean> {
  const rows = await db`
    update passkeys set counter = ${use.counter}, backed_up = ${use.backedUp}, last_used_at = now()
    where id = ${passkey.id} and counter = ${passkey.counter}
    returning id`;
  return rows.length > 0;
}

/**
 * Hands a session a new challenge for `purpose`, replacing any it held for it; expired challenges
 * of every session go at the same time.
 */
export async function putChallenge(
  db: Db,
  challenge: { sessionKey: string; purpose: ChallengePurpose; challenge: string; userId: string | null },
): Promise<void> {
  await db`delete from webauthn_challenges where expires_at <= now()`;
  await db`
    insert into webauthn_challenges (session_key, purpose, challenge, user_id)
    values (${challenge.sessionKey}, ${challenge.purpose}, ${challenge.challenge}, ${challenge.userId})
    on conflict (session_key, purpose) do update
      set challenge = excluded.challenge, user_id = excluded.user_id, expires_at = excluded.expires_at`;
}

/**
 * Takes the session's live challenge for `purpose` (for `userId`'s ceremonies: null when signing
 * in), which is then gone: each one is used once. Undefined when none is live.
 */
export async function takeChallenge(db: Db, sessionKey: string, purpose: ChallengePurpose, userId: string | null): Promise<string | undefined> {
  const [row] = await db<{ challenge: string; live: boolean }[]>`
    delete from webauthn_challenges
    where session_key = ${sessionKey} and purpose = ${purpose} and user_id is not distinct from ${userId}
    returning challenge, expires_at > now() as live`;
  return row?.live ? row.challenge : undefined;
}
