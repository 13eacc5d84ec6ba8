import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('sends a share that reached the server (no service worker yet) on to New post', async () => {
  const boundary = 'share-boundary';
  const payload = [
    `--${boundary}`, 'Content-Disposition: form-data; name="title"', '', 'A page', `--${boundary}`,
    'Content-Disposition: form-data; name="url"', '', 'https://example.com/a', `--${boundary}--`, '',
  ].join('\r\n');
  const answer = await t.app.inject({
    method: 'POST',
    url: '/share-target',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(answer.statusCode).toBe(303);
  expect(answer.headers.location).toBe('/new');
});
