// The WebAuthn ceremonies, through @simplewebauthn/server: creating a passkey, signing in with one,
// and proving who one is with one before a sensitive change. Each ceremony hands the browser a
// challenge kept for the session that asked (five minutes, used once), and checks the browser's
// answer against it, the site's origin and relying party id, and the stored public key.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyBaseLogger } from 'fastify';
import { PASSKEY_TRANSPORTS, type PasskeyCreationOptions, type PasskeyRequestOptions, type PasskeyTransport } from '@quorum/shared/entities/passkeys';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { PASSKEY_NAME_MAX, PASSKEYS_MAX } from '@quorum/shared/constants';
import type { Db } from '../db/connect.ts';
import { badRequest } from '../http/errors.ts';
import { describeDevice } from '../sessions/device.ts';
import {
  countPasskeys, getPasskeyByCredentialId, insertPasskey, listPasskeys, putChallenge, recordPasskeyUse, takeChallenge, type PasskeyRow,
} from './queries.ts';

/** The WebAuthn library, loaded with the first ceremony: most processes never hold one. */
const webauthn = () => import('@simplewebauthn/server');

/** The site as WebAuthn knows it: passkeys are bound to `id`, and the browser reports `origin`. */
export interface RelyingParty {
  name: string;
  id: string;
  origin: string;
}

/** The relying party of a site served at `publicUrl`: its host name is the id. */
export function relyingParty(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { name: 'Quorum', id: url.hostname, origin: url.origin };
}

/** Who a ceremony is for, and the hash of the session cookie its challenge is kept under. */
export interface Ceremony {
  rp: RelyingParty;
  sessionKey: string;
  log: FastifyBaseLogger;
}

interface Member {
  id: string;
  username: string;
}

const failed = (message: string = Messages.passkeyFailed) => badRequest(message, ErrorCode.passkeyFailed);

/**
 * The user handle the authenticator keeps with a passkey and gives back when signing: the
 * account's id as its 16 bytes, which say nothing about the member.
 */
const userHandleBytes = (userId: string) => new Uint8Array(Buffer.from(userId.replaceAll('-', ''), 'hex'));
const userHandle = (userId: string) => Buffer.from(userHandleBytes(userId)).toString('base64url');

const knownTransports = new Set<string>(PASSKEY_TRANSPORTS);
/** The transports an authenticator reported that WebAuthn defines, once each. */
function transportsOf(value: unknown): PasskeyTransport[] {
  if (!Array.isArray(value)) return [];
  const found = value.filter((item): item is PasskeyTransport => typeof item === 'string' && knownTransports.has(item));
  return [...new Set(found)];
}

const descriptorOf = (passkey: PasskeyRow) => ({ id: passkey.credentialId, transports: transportsOf(passkey.transports) });

/** The credentials named in options as made by the library, typed as the answer's schema says. */
const publicKeyDescriptors = (descriptors: ReadonlyArray<{ id: string; transports?: string[] }> | undefined) =>
  descriptors?.map(({ id, transports }) => ({ id, type: 'public-key' as const, transports: transportsOf(transports) }));

/**
 * Runs one of the library's checks. Whatever it refuses (a wrong origin or challenge, a bad
 * signature, a malformed answer) is a 400 `passkey_failed` that repeats nothing of the input; the
 * library's reason goes to the log, where a site whose PUBLIC_URL is not the address browsers use
 * shows up.
 */
async function verifiedBy<T>(ceremony: Ceremony, verify: () => Promise<T>): Promise<T> {
  try {
    return await verify();
  } catch (error) {
    ceremony.log.info({ reason: error instanceof Error ? error.message : String(error) }, 'passkey refused');
    throw failed();
  }
}

const tooManyPasskeys = () => badRequest(Messages.tooManyPasskeys(PASSKEYS_MAX), ErrorCode.maxLimitReached);

/**
 * What the browser needs to create a passkey for `member`, who cannot register one of theirs
 * twice. The passkey must be one the browser finds by itself (a resident key) and that verifies
 * the member (a PIN, a fingerprint, a face), since it is enough to sign in with.
 */
export async function registrationOptions(db: Db, ceremony: Ceremony, member: Member): Promise<PasskeyCreationOptions> {
  const existing = await listPasskeys(db, member.id);
  if (existing.length >= PASSKEYS_MAX) throw tooManyPasskeys();
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: ceremony.rp.name,
    rpID: ceremony.rp.id,
    userName: member.username,
    userDisplayName: member.username,
    userID: userHandleBytes(member.id),
    attestationType: 'none',
    excludeCredentials: existing.map(descriptorOf),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await putChallenge(db, { sessionKey: ceremony.sessionKey, purpose: 'register', challenge: options.challenge, userId: member.id });
  return { ...options, excludeCredentials: publicKeyDescriptors(options.excludeCredentials) };
}

/** A name for a passkey the member did not name: the browser it was made in, or its number. */
function defaultName(userAgent: string | undefined, count: number): string {
  const device = describeDevice(userAgent);
  return device === 'Unknown device' ? `Passkey ${count + 1}` : device.slice(0, PASSKEY_NAME_MAX);
}

/** Checks the browser's new passkey against the session's challenge and stores it for `member`. */
export async function addPasskey(
  db: Db,
  ceremony: Ceremony,
  member: Member,
  input: { response: RegistrationResponseJSON; name?: string | undefined; userAgent: string | undefined },
): Promise<PasskeyRow> {
  const challenge = await takeChallenge(db, ceremony.sessionKey, 'register', member.id);
  if (!challenge) throw failed(Messages.passkeyExpired);
  const verification = await verifiedBy(ceremony, async () =>
    (await webauthn()).verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: ceremony.rp.origin,
      expectedRPID: ceremony.rp.id,
      requireUserVerification: true,
    }),
  );
  if (!verification.verified) throw failed();
  const { credential, credentialBackedUp } = verification.registrationInfo;
  const count = await countPasskeys(db, member.id);
  if (count >= PASSKEYS_MAX) throw tooManyPasskeys();
  const stored = await insertPasskey(db, {
    userId: member.id,
    credentialId: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: transportsOf(credential.transports),
    backedUp: credentialBackedUp,
    name: input.name ?? defaultName(input.userAgent, count),
  });
  if (!stored) throw failed(Messages.passkeyAlreadyRegistered);
  return stored;
}

/**
 * Checks a signature made with `passkey` over the session's challenge, with the member verified
 * by the authenticator (a PIN, a fingerprint), and answers what the authenticator reported.
 */
async function verifyAssertion(ceremony: Ceremony, passkey: PasskeyRow, response: AuthenticationResponseJSON, challenge: string) {
  const verification = await verifiedBy(ceremony, async () =>
    (await webauthn()).verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: ceremony.rp.origin,
      expectedRPID: ceremony.rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: transportsOf(passkey.transports),
      },
      requireUserVerification: true,
    }),
  );
  if (!verification.verified) throw failed();
  // A user handle, when the authenticator gives one, must be the one the passkey was made for.
  const handle = response.response.userHandle;
  if (handle && handle !== userHandle(passkey.userId)) throw failed();
  return { counter: verification.authenticationInfo.newCounter, backedUp: verification.authenticationInfo.credentialBackedUp };
}

/** Records the use of a passkey checked by verifyAssertion; a signature counts once. */
async function recordUse(db: Db, passkey: PasskeyRow, use: { counter: number; backedUp: boolean }): Promise<void> {
  if (!(await recordPasskeyUse(db, passkey, use))) throw failed(Messages.passkeyExpired);
}

/** What the browser needs to sign in with any passkey it holds for the site. */
export async function loginOptions(db: Db, ceremony: Ceremony): Promise<PasskeyRequestOptions> {
  const options = await (await webauthn()).generateAuthenticationOptions({ rpID: ceremony.rp.id, userVerification: 'required' });
  await putChallenge(db, { sessionKey: ceremony.sessionKey, purpose: 'login', challenge: options.challenge, userId: null });
  return { ...options, allowCredentials: undefined };
}

/**
 * Checks a sign-in with a passkey against the session's challenge; answers the passkey (whose
 * account the caller still checks) and, once the caller accepts it, records its use.
 */
export async function verifyLogin(
  db: Db,
  ceremony: Ceremony,
  response: AuthenticationResponseJSON,
): Promise<{ userId: string; record: () => Promise<void> }> {
  const challenge = await takeChallenge(db, ceremony.sessionKey, 'login', null);
  if (!challenge) throw failed(Messages.passkeyExpired);
  const passkey = await getPasskeyByCredentialId(db, response.id);
  if (!passkey) throw failed(Messages.passkeyUnknown);
  const use = await verifyAssertion(ceremony, passkey, response, challenge);
  return { userId: passkey.userId, record: () => recordUse(db, passkey, use) };
}

/** What the browser needs for `member` to sign with one of their own passkeys; 400 `no_passkeys` when they have none. */
export async function checkOptions(db: Db, ceremony: Ceremony, member: Member): Promise<PasskeyRequestOptions> {
  const passkeys = await listPasskeys(db, member.id);
  if (passkeys.length === 0) throw badRequest(Messages.noPasskeys, ErrorCode.noPasskeys);
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: ceremony.rp.id,
    userVerification: 'required',
    allowCredentials: passkeys.map(descriptorOf),
  });
  await putChallenge(db, { sessionKey: ceremony.sessionKey, purpose: 'check', challenge: options.challenge, userId: member.id });
  return { ...options, allowCredentials: publicKeyDescriptors(options.allowCredentials) };
}

/** Checks that `member` has just signed the session's challenge with one of their own passkeys. */
export async function verifyCheck(db: Db, ceremony: Ceremony, member: Member, response: AuthenticationResponseJSON): Promise<void> {
  const challenge = await takeChallenge(db, ceremony.sessionKey, 'check', member.id);
  if (!challenge) throw failed(Messages.passkeyExpired);
  const passkey = await getPasskeyByCredentialId(db, response.id);
  if (!passkey || passkey.userId !== member.id) throw failed();
  await recordUse(db, passkey, await verifyAssertion(ceremony, passkey, response, challenge));
}
