import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, signUp, type TestApp } from './helpers/app.ts';
import { member } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const settings = (browser: Browser, action: string, body: unknown) => browser.post(`/api/_settings?action=${action}`, body);

describe('POST /api/_settings?action=updateProfile', () => {
  it('asks visitors to log in, needs the anti-forgery token and a known action', async () => {
    const visitor = await new Browser(t.app).open();
    expect((await settings(visitor, 'updateProfile', { embedsOff: true })).statusCode).toBe(401);
    const { browser } = await signUp(t.app);
    expect((await browser.post('/api/_settings?action=updateProfile', { embedsOff: true }, { csrf: false })).statusCode).toBe(403);
    const unknown = await settings(browser, 'rename', {});
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown action.');
  });

  it('changes the given preferences only, and shows them to the user alone', async () => {
    const { browser, username } = await signUp(t.app);
    const response = await settings(browser, 'updateProfile', { requireAltText: true, homeFeed: 'subscriptions', aboutMe: '  Gardener.  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ requireAltText: true, homeFeed: 'subscriptions', aboutMe: 'Gardener.', embedsOff: false });

    const again = (await settings(browser, 'updateProfile', { embedsOff: true })).json();
    expect(again).toMatchObject({ requireAltText: true, homeFeed: 'subscriptions', aboutMe: 'Gardener.', embedsOff: true });
    expect((await browser.get('/api/_user')).json()).toMatchObject({ requireAltText: true, embedsOff: true });

    const seenByOthers = (await new Browser(t.app).get(`/api/users/${username}`)).json();
    expect(seenByOthers.aboutMe).toBe('Gardener.');
    expect(seenByOthers).not.toHaveProperty('requireAltText');
    expect(seenByOthers).not.toHaveProperty('email');
  });

  it('sets and clears the email, refusing one that is not an address', async () => {
    const { browser } = await signUp(t.app);
    const bad = await settings(browser, 'updateProfile', { email: 'not an email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email');
    expect((await settings(browser, 'updateProfile', { email: ' me@example.com ' })).json().email).toBe('me@example.com');
    expect((await settings(browser, 'updateProfile', { email: '' })).json().email).toBeNull();
  });

  it('answers 400 for values of the wrong kind', async () => {
    const { browser } = await signUp(t.app);
    expect((await settings(browser, 'updateProfile', { homeFeed: 'everything' })).statusCode).toBe(400);
    expect((await settings(browser, 'updateProfile', { embedsOff: 'yes' })).statusCode).toBe(400);
    expect((await browser.request('POST', '/api/_settings?action=updateProfile', { rawBody: '{' })).statusCode).toBe(400);
  });
});

describe('POST /api/_settings?action=changePassword', () => {
  it.each([
    [{ password: 'correct horse battery', newPassword: 'short', repeatPassword: 'short' }, 'Password too short.'],
    [{ password: 'correct horse battery', newPassword: 'long enough', repeatPassword: 'long enougH' }, 'Passwords do not match.'],
  ])('answers 400 for %j', async (body, message) => {
    const { browser } = await signUp(t.app);
    const response = await settings(browser, 'changePassword', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers 401 for a wrong current password', async () => {
    const { browser } = await signUp(t.app);
    const response = await settings(browser, 'changePassword', { password: 'wrong', newPassword: 'a new password', repeatPassword: 'a new password' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Incorrect previous password');
  });

  it('changes the password, keeps this device logged in and logs the others out', async () => {
    const { browser, username, password } = await signUp(t.app);
    const other = await new Browser(t.app).open();
    expect((await other.post('/api/_login', { username, password })).statusCode).toBe(200);

    const changed = await settings(browser, 'changePassword', { password, newPassword: 'a new password', repeatPassword: 'a new password' });
    expect(changed.statusCode).toBe(200);
    expect((await browser.get('/api/_user')).statusCode).toBe(200);
    expect((await browser.post('/api/_settings?action=updateProfile', { embedsOff: true })).statusCode).toBe(200);
    expect((await other.get('/api/_user')).statusCode).toBe(401);

    const fresh = await new Browser(t.app).open();
    expect((await fresh.post('/api/_login', { username, password })).statusCode).toBe(401);
    expect((await fresh.post('/api/_login', { username, password: 'a new password' })).statusCode).toBe(200);
  });
});

describe('/api/site_settings', () => {
  it('answers 401 to visitors and 403 to users who are not admins', async () => {
    const visitor = await new Browser(t.app).open();
    expect((await visitor.get('/api/site_settings')).statusCode).toBe(401);
    const { browser } = await signUp(t.app);
    expect((await browser.get('/api/site_settings')).statusCode).toBe(403);
    expect((await browser.request('PUT', '/api/site_settings', { body: { signupsDisabled: true } })).statusCode).toBe(403);
  });

  it('lets admins read and change the points needed for image and link posts', async () => {
    const admin = await member(t, { admin: true });
    const changed = await admin.browser.request('PUT', '/api/site_settings', { body: { imagePostSubmitReqPoints: 5, linkPostSubmitReqPoints: 7 } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      signupsDisabled: false, imagePostSubmitReqPoints: 5, linkPostSubmitReqPoints: 7, communityCreateReqPoints: 10, contactEmail: '', modLogNames: true, requireConfirmedEmail: false,
    });
    expect((await new Browser(t.app).get('/api/_initial')).json()).toMatchObject({ imagePostSubmitReqPoints: 5, linkPostSubmitReqPoints: 7 });

    const invalid = await admin.browser.request('PUT', '/api/site_settings', { body: { imagePostSubmitReqPoints: -1 } });
    expect(invalid.statusCode).toBe(400);
    expect((await admin.browser.get('/api/site_settings')).json()).toMatchObject({ imagePostSubmitReqPoints: 5 });
    await admin.browser.request('PUT', '/api/site_settings', { body: { imagePostSubmitReqPoints: 0, linkPostSubmitReqPoints: 0 } });
  });
});
