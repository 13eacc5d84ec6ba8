import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser, buildTestApp, uniqueName, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('makes the first account of a new site an admin, and only the first, even when they race', async () => {
  const names = [uniqueName('first'), uniqueName('second'), uniqueName('third')];
  const responses = await Promise.all(
    names.map(async (username) => (await new Browser(t.app).open()).post('/api/_signup', { username, password: 'password1' })),
  );
  expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201]);
  const admins = responses.filter((r) => r.json().isAdmin);
  expect(admins).toHaveLength(1);

  const later = await (await new Browser(t.app).open()).post('/api/_signup', { username: uniqueName('fourth'), password: 'password1' });
  expect(later.json().isAdmin).toBe(false);
  const initial = (await new Browser(t.app).get('/api/_initial')).json();
  expect(initial.noUsers).toBe(4);
});
