// Passkeys: adding, naming and removing them, signing in with one, and proving who one is with one
// before a sensitive change. The browser's side is played by a software authenticator making real
// ES256 passkeys, so every answer goes through the WebAuthn library's checks.
import type { Passkey, PasskeyCreationOptions, PasskeyRequestOptions, Passkeys } from '@quorum/shared/entities/passkeys';
import type { User } from '@quorum/shared/entities/users';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { PASSKEYS_MAX } from '@quorum/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, signUp, type TestApp, type TestResponse } from './helpers/app.ts';
import { SoftAuthenticator, type Bend } from './helpers/authenticator.ts';
import { makeAdmin } from './helpers/factories.ts';

const ORIGIN = 'https://forum.example';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: ORIGIN });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof signUp>> & { auth: SoftAuthenticator };

/** A new member, logged in (so freshly checked), with an authenticator of their own. */
async function member(options: { synced?: boolean; counting?: boolean } = {}): Promise<Member> {
  return { ...(await signUp(t.app)), auth: new SoftAuthenticator({ origin: ORIGIN, ...options }) };
}

const creationOptions = async (browser: Browser): Promise<PasskeyCreationOptions> => {
  const answer = await browser.post('/api/passkeys/_options');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};

/** Adds a passkey made by the member's authenticator; answers the server's answer to it. */
async function addPasskey(who: Member, body: { name?: string } = {}, bend: Bend = {}, headers: Record<string, string> = {}) {
  const response = who.auth.create(await creationOptions(who.browser), bend);
  return who.browser.request('POST', '/api/passkeys', { body: { response, ...body }, headers });
}

async function addedPasskey(who: Member, body: { name?: string } = {}): Promise<Passkey> {
  const answer = await addPasskey(who, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

const listOf = async (browser: Browser): Promise<Passkey[]> => {
  const answer = await browser.get('/api/passkeys');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Passkeys>().passkeys;
};

const loginOptions = async (browser: Browser): Promise<PasskeyRequestOptions> => {
  const answer = await browser.post('/api/_passkey_login_options');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};

/** Signs in on `browser` with the authenticator's passkey. */
async function signIn(browser: Browser, auth: SoftAuthenticator, bend: Bend = {}): Promise<TestResponse> {
  return browser.post('/api/_passkey_login', { response: auth.get(await loginOptions(browser), bend) });
}

/** A browser where nobody is logged in. */
const visitor = () => new Browser(t.app).open();

/** Makes the member's sessions' last identity check an hour old. */
const ageCheck = (userId: string) => t.sql`update sessions set checked_at = now() - interval '1 hour' where user_id = ${userId}`;

const expectRefused = (answer: TestResponse, status: number, code: string, message?: string) => {
  expect(answer.statusCode, answer.body).toBe(status);
  expect(answer.json()).toMatchObject({ status, code, ...(message ? { message } : {}) });
};

const passkeyFailed = (answer: TestResponse, message: string = Messages.passkeyFailed) =>
  expectRefused(answer, 400, ErrorCode.passkeyFailed, message);

describe('the member’s passkeys', () => {
  it('are for members only', async () => {
    const stranger = await visitor();
    expectRefused(await stranger.get('/api/passkeys'), 401, ErrorCode.notLoggedIn);
    expectRefused(await stranger.post('/api/passkeys/_options'), 401, ErrorCode.notLoggedIn);
    expectRefused(await stranger.post('/api/passkeys', { response: {} }), 401, ErrorCode.notLoggedIn);
    const id = '0190a0a0-0000-7000-8000-000000000000';
    expectRefused(await stranger.request('PATCH', `/api/passkeys/${id}`, { body: { name: 'x' } }), 401, ErrorCode.notLoggedIn);
    expectRefused(await stranger.request('DELETE', `/api/passkeys/${id}`), 401, ErrorCode.notLoggedIn);
    expectRefused(await stranger.post('/api/_passkey_check_options'), 401, ErrorCode.notLoggedIn);
    expectRefused(await stranger.post('/api/_passkey_check', { response: {} }), 401, ErrorCode.notLoggedIn);
  });

  it('hands out options for a new passkey only after a recent identity check', async () => {
    const who = await member();
    await ageCheck(who.user.id);
    expectRefused(await who.browser.post('/api/passkeys/_options'), 403, ErrorCode.reauthRequired);
    expect((await who.browser.post('/api/_reauth', { password: who.password })).statusCode).toBe(200);

    const options = await creationOptions(who.browser);
    expect(options.rp).toEqual({ name: 'Quorum', id: 'forum.example' });
    expect(options.user).toMatchObject({ name: who.username, displayName: who.username });
    // The user handle is the account's id as bytes: nothing a stranger could read a name from.
    expect(Buffer.from(options.user.id, 'base64url').toString('hex')).toBe(who.user.id.replaceAll('-', ''));
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', requireResidentKey: true, userVerification: 'required' });
    expect(options.attestation).toBe('none');
    expect(options.excludeCredentials).toEqual([]);
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{32,}$/);
  });

  it('adds passkeys, named or after the browser, lists them oldest first, and leaves out those already added', async () => {
    const who = await member({ synced: true });
    expect(await listOf(who.browser)).toEqual([]);

    const chromeAndroid = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
    const first = await addPasskey(who, {}, {}, { 'user-agent': chromeAndroid });
    expect(first.statusCode, first.body).toBe(201);
    const phone = first.json<Passkey>();
    expect(phone).toMatchObject({ name: 'Chrome on Android', lastUsedAt: null, backedUp: true });
    expect(Date.parse(phone.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const laptop = await addedPasskey(who, { name: '  Work laptop  ' });
    expect(laptop.name).toBe('Work laptop');
    const unknownDevice = await addPasskey(who, {}, {}, { 'user-agent': 'something of its own' });
    expect(unknownDevice.json<Passkey>().name).toBe('Passkey 3');

    expect((await listOf(who.browser)).map((passkey) => passkey.name)).toEqual(['Chrome on Android', 'Work laptop', 'Passkey 3']);
    const options = await creationOptions(who.browser);
    expect(options.excludeCredentials?.map((item) => item.type)).toEqual(['public-key', 'public-key', 'public-key']);
    expect(options.excludeCredentials?.[2]).toMatchObject({ id: who.auth.lastId, transports: ['internal', 'hybrid'] });

    // Nobody else sees them.
    expect(await listOf((await member()).browser)).toEqual([]);
  });

  it('refuses a passkey made for another site, another challenge, without verifying the member or none asked for, and stores nothing', async () => {
    const who = await member();
    passkeyFailed(await addPasskey(who, {}, { origin: 'https://evil.example' }));
    passkeyFailed(await addPasskey(who, {}, { rpId: 'evil.example' }));
    passkeyFailed(await addPasskey(who, {}, { challenge: 'bm90LXRoZS1jaGFsbGVuZ2UtZ2l2ZW4tb3V0LWhlcmU' }));
    // A passkey that does not verify the member could never sign in.
    passkeyFailed(await addPasskey(who, {}, { userVerified: false }));
    // Without options first, or with options used already.
    const options = await creationOptions(who.browser);
    const response = who.auth.create(options);
    expect((await who.browser.post('/api/passkeys', { response })).statusCode).toBe(201);
    passkeyFailed(await who.browser.post('/api/passkeys', { response }), Messages.passkeyExpired);
    // The challenge belongs to the session that asked for it.
    const elsewhere = await new Browser(t.app).open();
    const login = await elsewhere.post('/api/_login', { username: who.username, password: who.password });
    expect(login.statusCode).toBe(200);
    const stolen = who.auth.create(await creationOptions(who.browser));
    passkeyFailed(await elsewhere.post('/api/passkeys', { response: stolen }), Messages.passkeyExpired);
    expect(await listOf(who.browser)).toHaveLength(1);
  });

  it('refuses one passkey twice, and a passkey another member added', async () => {
    const who = await member();
    const response = who.auth.create(await creationOptions(who.browser));
    expect((await who.browser.post('/api/passkeys', { response })).statusCode).toBe(201);
    // The same passkey sent again over a fresh challenge (the browser would leave it out).
    const replayed = async (browser: Browser) => {
      const { challenge } = await creationOptions(browser);
      const clientData = JSON.stringify({ type: 'webauthn.create', challenge, origin: ORIGIN, crossOrigin: false });
      return { ...response, response: { ...response.response, clientDataJSON: Buffer.from(clientData).toString('base64url') } };
    };
    passkeyFailed(await who.browser.post('/api/passkeys', { response: await replayed(who.browser) }), Messages.passkeyAlreadyRegistered);
    expect(await listOf(who.browser)).toHaveLength(1);
    const other = await member();
    passkeyFailed(await other.browser.post('/api/passkeys', { response: await replayed(other.browser) }), Messages.passkeyAlreadyRegistered);
    expect(await listOf(other.browser)).toEqual([]);
  });

  it('refuses malformed answers with a 400 that repeats nothing of them', async () => {
    const who = await member();
    type Made = ReturnType<SoftAuthenticator['create']>;
    // Each is made over a fresh challenge, so that the checks get as far as the part bent.
    const bends: Array<(made: Made) => unknown> = [
      () => ({}),
      () => ({ response: 'a<script>' }),
      (made) => ({ response: { ...made, id: 5 } }),
      (made) => ({ response: { ...made, type: 'password<script>' } }),
      (made) => ({ response: { ...made, response: { clientDataJSON: made.response.clientDataJSON } } }),
      (made) => ({ response: { ...made, response: { ...made.response, attestationObject: '<script>not base64' } } }),
      (made) => ({ response: { ...made, response: { ...made.response, attestationObject: 'AAAA' } } }),
      (made) => ({ response: { ...made, response: { ...made.response, clientDataJSON: Buffer.from('<script>').toString('base64url') } } }),
      (made) => ({ response: { ...made, rawId: 'c2NyaXB0' } }),
    ];
    for (const bend of bends) {
      const answer = await who.browser.post('/api/passkeys', bend(who.auth.create(await creationOptions(who.browser))));
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ status: 400, code: expect.any(String), message: expect.any(String) });
      expect(answer.body).not.toContain('script');
    }
    const badName = await addPasskey(who, { name: 'x'.repeat(51) });
    expect(badName.json()).toMatchObject({ status: 400, message: 'A passkey name can be at most 50 characters.' });
    expect(await listOf(who.browser)).toEqual([]);

    // Transports WebAuthn does not define are dropped, not stored.
    const made = who.auth.create(await creationOptions(who.browser));
    const odd = { ...made, response: { ...made.response, transports: ['usb', '<script>', 'usb', 7] } };
    expect((await who.browser.post('/api/passkeys', { response: odd })).statusCode).toBe(201);
    expect((await creationOptions(who.browser)).excludeCredentials?.[0]?.transports).toEqual(['usb']);
  });

  it(`keeps at most ${PASSKEYS_MAX} passkeys for one account`, async () => {
    const who = await member();
    await t.sql`
      insert into passkeys (user_id, credential_id, public_key, name)
      select ${who.user.id}, 'filler-' || n || '-' || ${who.user.id}, '\\x00', 'Filler ' || n from generate_series(1, ${PASSKEYS_MAX}) n`;
    expectRefused(await who.browser.post('/api/passkeys/_options'), 400, ErrorCode.maxLimitReached, Messages.tooManyPasskeys(PASSKEYS_MAX));
  });

  it('renames a passkey of their own, and finds nobody else’s', async () => {
    const who = await member();
    const passkey = await addedPasskey(who);
    const rename = (browser: Browser, id: string, body: unknown) => browser.request('PATCH', `/api/passkeys/${id}`, { body });

    const renamed = await rename(who.browser, passkey.id.toUpperCase(), { name: '  Phone  ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ ...passkey, name: 'Phone' });
    expect((await listOf(who.browser))[0]?.name).toBe('Phone');

    for (const body of [{ name: '   ' }, {}, { name: 42 }]) {
      expect((await rename(who.browser, passkey.id, body)).json()).toMatchObject({ status: 400, message: 'Give the passkey a name.' });
    }
    expect((await rename(who.browser, passkey.id, { name: 'y'.repeat(51) })).statusCode).toBe(400);

    const other = await member();
    for (const id of [passkey.id, '0190a0a0-0000-7000-8000-000000000000', 'not-an-id']) {
      expectRefused(await rename(other.browser, id, { name: 'Mine now' }), 404, ErrorCode.notFound, Messages.passkeyNotFound);
    }
    expect((await listOf(who.browser))[0]?.name).toBe('Phone');
  });

  it('removes a passkey of their own after a recent identity check, and finds nobody else’s', async () => {
    const who = await member();
    const kept = await addedPasskey(who, { name: 'Kept' });
    const removed = await addedPasskey(who, { name: 'Removed' });
    const remove = (browser: Browser, id: string) => browser.request('DELETE', `/api/passkeys/${id}`);

    const other = await member();
    for (const id of [removed.id, '0190a0a0-0000-7000-8000-000000000000', 'not-an-id']) {
      expectRefused(await remove(other.browser, id), 404, ErrorCode.notFound, Messages.passkeyNotFound);
    }

    await ageCheck(who.user.id);
    expectRefused(await remove(who.browser, removed.id), 403, ErrorCode.reauthRequired);
    expect(await listOf(who.browser)).toHaveLength(2);
    expect((await who.browser.post('/api/_reauth', { password: who.password })).statusCode).toBe(200);

    const answer = await remove(who.browser, removed.id);
    expect(answer.statusCode, answer.body).toBe(204);
    expect(answer.body).toBe('');
    expect((await listOf(who.browser)).map((passkey) => passkey.id)).toEqual([kept.id]);
    expectRefused(await remove(who.browser, removed.id), 404, ErrorCode.notFound);

    // The removed passkey no longer signs in.
    await who.browser.post('/api/_login?action=logout');
    passkeyFailed(await signIn(who.browser, who.auth, { credentialId: who.auth.lastId }), Messages.passkeyUnknown);
  });
});

describe('signing in with a passkey', () => {
  it('logs the member in without a username or password, as a password login does', async () => {
    const who = await member({ synced: true });
    const passkey = await addedPasskey(who);
    const stranger = await visitor();

    const options = await loginOptions(stranger);
    expect(options).toMatchObject({ rpId: 'forum.example', userVerification: 'required' });
    // Any passkey the browser holds for the site may answer: none is named.
    expect(options.allowCredentials).toBeUndefined();

    const answer = await stranger.post('/api/_passkey_login', { response: who.auth.get(options) });
    expect(answer.statusCode, answer.body).toBe(200);
    const user = answer.json<User>();
    expect(user).toMatchObject({ id: who.user.id, username: who.username, isBanned: false, deleted: false });
    // The member's own view of themself, as /api/_login answers it.
    expect(user).toEqual((await stranger.get('/api/_user')).json());

    // The sign-in counts as a recent identity check.
    expect((await stranger.post('/api/passkeys/_options')).statusCode).toBe(200);
    const [used] = await listOf(stranger);
    expect(used).toMatchObject({ id: passkey.id, backedUp: true });
    expect(Date.parse(used?.lastUsedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    // Once in, the sign-in is not offered again.
    expectRefused(await stranger.post('/api/_passkey_login_options'), 409, ErrorCode.alreadyLoggedIn);
  });

  it('starts a new session, unknown to the visitor’s old cookie', async () => {
    const who = await member();
    await addedPasskey(who);
    const stranger = await visitor();
    const before = stranger.cookie('__Host-sid');
    expect((await signIn(stranger, who.auth)).statusCode).toBe(200);
    expect(stranger.cookie('__Host-sid')).not.toBe(before);
  });

  it('refuses an answer for another site, another challenge, a challenge used already and one from another browser', async () => {
    const who = await member();
    await addedPasskey(who);
    const stranger = await visitor();

    const wrongOrigin = await signIn(stranger, who.auth, { origin: 'https://evil.example' });
    passkeyFailed(wrongOrigin);
    expect(wrongOrigin.body).not.toContain('evil');
    passkeyFailed(await signIn(stranger, who.auth, { rpId: 'evil.example' }));
    passkeyFailed(await signIn(stranger, who.auth, { challenge: 'bm90LXRoZS1jaGFsbGVuZ2UtZ2l2ZW4tb3V0LWhlcmU' }));
    passkeyFailed(await signIn(stranger, who.auth, { userVerified: false }));
    passkeyFailed(await signIn(stranger, who.auth, { userHandle: Buffer.alloc(16, 7).toString('base64url') }));

    // Nothing asked for: no challenge to sign.
    const unasked = await visitor();
    passkeyFailed(await unasked.post('/api/_passkey_login', { response: who.auth.get({ challenge: 'c29tZXRoaW5n' }) }), Messages.passkeyExpired);

    // A signature counts once, even for the browser that asked.
    const response = who.auth.get(await loginOptions(stranger));
    const copy = await visitor();
    passkeyFailed(await copy.post('/api/_passkey_login', { response }), Messages.passkeyExpired);
    expect((await stranger.post('/api/_passkey_login', { response })).statusCode).toBe(200);
    await stranger.post('/api/_login?action=logout');
    passkeyFailed(await stranger.post('/api/_passkey_login', { response }), Messages.passkeyExpired);

    expect((await copy.get('/api/_user')).statusCode).toBe(401);
  });

  it('refuses a challenge that expired', async () => {
    const who = await member();
    await addedPasskey(who);
    const stranger = await visitor();
    const options = await loginOptions(stranger);
    await t.sql`update webauthn_challenges set expires_at = now() - interval '1 second' where challenge = ${options.challenge}`;
    passkeyFailed(await stranger.post('/api/_passkey_login', { response: who.auth.get(options) }), Messages.passkeyExpired);
  });

  it('keeps the authenticator’s counter and refuses one that went back, as a copied key would', async () => {
    const who = await member();
    const passkey = await addedPasskey(who);
    const counterOf = async () => (await t.sql<{ counter: number }[]>`select counter from passkeys where id = ${passkey.id}`)[0]?.counter;
    const stranger = await visitor();
    expect((await signIn(stranger, who.auth)).statusCode).toBe(200);
    expect(await counterOf()).toBe(1);
    await stranger.post('/api/_login?action=logout');
    expect((await signIn(stranger, who.auth, { counter: 7 })).statusCode).toBe(200);
    expect(await counterOf()).toBe(7);
    await stranger.post('/api/_login?action=logout');

    who.auth.rewind(who.auth.lastId, 2);
    passkeyFailed(await signIn(stranger, who.auth));
    passkeyFailed(await signIn(stranger, who.auth, { counter: 7 }));
    expect(await counterOf()).toBe(7);
    expect((await stranger.get('/api/_user')).statusCode).toBe(401);
  });

  it('accepts authenticators whose counter stays at 0', async () => {
    const who = await member({ counting: false });
    await addedPasskey(who);
    for (let i = 0; i < 2; i += 1) {
      const browser = await visitor();
      expect((await signIn(browser, who.auth)).statusCode).toBe(200);
    }
  });

  it('refuses a suspended account as a password login does, and a deleted one', async () => {
    const banned = await member();
    const passkey = await addedPasskey(banned);
    await t.sql`update users set banned_at = now() where id = ${banned.user.id}`;
    const stranger = await visitor();
    expectRefused(await signIn(stranger, banned.auth), 403, ErrorCode.accountSuspended, Messages.suspended(banned.username));
    expect((await stranger.get('/api/_user')).statusCode).toBe(401);
    // A refused sign-in is no use of the passkey.
    const [row] = await t.sql<{ lastUsedAt: Date | null }[]>`select last_used_at from passkeys where id = ${passkey.id}`;
    expect(row?.lastUsedAt).toBeNull();

    const deleted = await member();
    await addedPasskey(deleted);
    await t.sql`update users set deleted_at = now() where id = ${deleted.user.id}`;
    expectRefused(await signIn(stranger, deleted.auth), 401, ErrorCode.accountDeleted, Messages.accountDeleted);
    expect((await stranger.get('/api/_user')).statusCode).toBe(401);
  });

  it('are removed with the account that deletes itself', async () => {
    const leaving = await member();
    await addedPasskey(leaving);
    const deleted = await leaving.browser.request('DELETE', `/api/users/${leaving.username}`, { body: { password: leaving.password } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [row] = await t.sql<{ count: number }[]>`select count(*)::int as count from passkeys where user_id = ${leaving.user.id}`;
    expect(row?.count).toBe(0);
    // The authenticator still holds it: it opens nothing.
    passkeyFailed(await signIn(await visitor(), leaving.auth), Messages.passkeyUnknown);
  });

  it('refuses malformed answers with a 400 that repeats nothing of them', async () => {
    const who = await member();
    await addedPasskey(who);
    const stranger = await visitor();
    type Made = ReturnType<SoftAuthenticator['get']>;
    const bends: Array<(made: Made) => unknown> = [
      () => undefined,
      () => ({ response: null }),
      (made) => ({ response: { ...made, id: '' } }),
      (made) => ({ response: { ...made, id: '<script>', rawId: '<script>' } }),
      (made) => ({ response: { ...made, response: { ...made.response, signature: 42 } } }),
      (made) => ({ response: { ...made, response: { ...made.response, signature: '<script>' } } }),
      (made) => ({ response: { ...made, response: { ...made.response, signature: 'AAAA' } } }),
      (made) => ({ response: { ...made, response: { ...made.response, authenticatorData: 'AAAA<script>' } } }),
      (made) => ({ response: { ...made, response: { ...made.response, authenticatorData: 'AAAA' } } }),
      (made) => ({ response: { ...made, response: { ...made.response, clientDataJSON: 'e30' } } }),
      (made) => ({ response: { ...made, response: { ...made.response, userHandle: { script: true } } } }),
    ];
    for (const bend of bends) {
      const answer = await stranger.post('/api/_passkey_login', bend(who.auth.get(await loginOptions(stranger))));
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.body).not.toContain('script');
    }
    expect((await stranger.get('/api/_user')).statusCode).toBe(401);
  });

  it('stays open to a blocked address, as logging in does', async () => {
    const who = await member();
    await addedPasskey(who);
    const admin = await makeAdmin(t);
    expect((await admin.browser.post('/api/ipblocks', { address: '10.77.0.9', expiresIn: null, note: '' })).statusCode).toBe(201);
    const blocked = await new Browser(t.app, '10.77.0.9').open();
    expect((await signIn(blocked, who.auth)).statusCode).toBe(200);
  });
});

describe('proving who one is with a passkey', () => {
  it('needs a passkey of one’s own', async () => {
    const who = await member();
    expectRefused(await who.browser.post('/api/_passkey_check_options'), 400, ErrorCode.noPasskeys, Messages.noPasskeys);
  });

  it('counts as a recent identity check, after which the sensitive change goes through', async () => {
    const who = await member();
    const passkey = await addedPasskey(who);
    await ageCheck(who.user.id);
    expectRefused(await who.browser.request('DELETE', `/api/passkeys/${passkey.id}`), 403, ErrorCode.reauthRequired);

    const optionsAnswer = await who.browser.post('/api/_passkey_check_options');
    expect(optionsAnswer.statusCode, optionsAnswer.body).toBe(200);
    const options = optionsAnswer.json<PasskeyRequestOptions>();
    expect(options.allowCredentials?.map((item) => item.id)).toEqual([who.auth.lastId]);
    expect(options.userVerification).toBe('required');

    const checked = await who.browser.post('/api/_passkey_check', { response: who.auth.get(options) });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toEqual({ success: true });
    expect((await listOf(who.browser))[0]?.lastUsedAt).not.toBeNull();
    expect((await who.browser.request('DELETE', `/api/passkeys/${passkey.id}`)).statusCode).toBe(204);
  });

  it('refuses someone else’s passkey, a login challenge and a bad signature, and leaves the check old', async () => {
    const who = await member();
    await addedPasskey(who);
    const other = await member();
    await addedPasskey(other);
    await ageCheck(who.user.id);

    const checkOptions = async () => (await who.browser.post('/api/_passkey_check_options')).json<PasskeyRequestOptions>();
    const check = (response: unknown) => who.browser.post('/api/_passkey_check', { response });
    passkeyFailed(await check(other.auth.get(await checkOptions(), { credentialId: other.auth.lastId })));
    passkeyFailed(await check(who.auth.get(await checkOptions(), { origin: 'https://evil.example' })));
    const options = await checkOptions();
    passkeyFailed(await check(who.auth.get(options, { userVerified: false })));
    passkeyFailed(await check(who.auth.get(options)), Messages.passkeyExpired);

    // A challenge handed out for signing in is not one for a check.
    const stranger = await visitor();
    const login = await loginOptions(stranger);
    passkeyFailed(await check(who.auth.get(login)), Messages.passkeyExpired);

    expectRefused(await who.browser.post('/api/passkeys/_options'), 403, ErrorCode.reauthRequired);
  });
});

describe('passkey sign-ins from one address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimit: true, publicUrl: ORIGIN });
  });
  afterAll(() => limited.close());

  it('count against the login limit', async () => {
    const stranger = await new Browser(limited.app, '10.88.0.1').open();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await stranger.post('/api/_passkey_login', { response: {} })).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });
});
