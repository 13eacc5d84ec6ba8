import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ rateLimit: true });
});
afterAll(() => t.close());

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every state-changing API route as [method, path], read from the app's route tree. */
function writeRoutes(): [string, string][] {
  const routes: [string, string][] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const path = stack.join('');
    for (const method of (match[3] ?? '').split(', ')) {
      if (WRITE_METHODS.has(method) && path.startsWith('/api/')) routes.push([method, path.replace(/:\w+/g, 'x1')]);
    }
  }
  return routes;
}

/** Other spellings of an API path that a forgiving router could take for the same route. */
const otherSpellings = (path: string) => [
  path.replace('/api/', '/%61pi/'),
  path.replace('/api/', '/%61%70%69/'),
  path.replace('/api/', '/API/'),
  path.replace('/api/', '/api//'),
];

describe('the API prefix', () => {
  it('finds the write routes to check', () => {
    const routes = writeRoutes();
    expect(routes).toContainEqual(['POST', '/api/_login']);
    expect(routes).toContainEqual(['DELETE', '/api/posts/x1/comments/x1']);
    expect(routes.length).toBeGreaterThan(20);
  });

  it('refuses every write without the anti-forgery token, and every other spelling of its path', async () => {
    for (const [method, path] of writeRoutes()) {
      const canonical = await t.app.inject({ method, url: path, payload: {} });
      expect(canonical.statusCode, `${method} ${path}`).toBe(403);
      expect(canonical.json()).toMatchObject({ code: 'csrf_token_invalid' });
      expect(canonical.headers['cache-control']).toBe('no-store');

      for (const url of otherSpellings(path)) {
        const response = await t.app.inject({ method, url, payload: {} });
        expect([400, 404], `${method} ${url}`).toContain(response.statusCode);
        expect(response.json()).toMatchObject({ status: response.statusCode });
      }
    }
  });

  it('refuses other spellings even with a valid token, so no limit can be stepped around', async () => {
    const browser = await new Browser(t.app, '10.77.0.1').open();
    for (const url of ['/%61pi/_login', '/%61%70%69/_login', '/api/_log%69n', '/api//_login', '/api/_login;x']) {
      const response = await browser.post(url, { username: 'nobody_here', password: 'wrong password' });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({
        status: 400,
        code: 'bad_request',
        message: 'The address is not in its plain form: write letters, digits and -._~ without %-escapes.',
      });
    }
    // The ten attempts of the address's login limit are all still there.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await browser.post('/api/_login', { username: 'nobody_here', password: 'wrong password' })).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it('keeps escapes of other characters, which have no plainer spelling', async () => {
    const response = await new Browser(t.app).get('/api/users/%C3%A9t%C3%A9');
    expect(response.statusCode).not.toBe(400);
  });
});
