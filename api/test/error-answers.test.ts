// Error answers in the one shape, from the router and Node's parser too, and never carrying what
// the request sent: not its address, not its body, above all not a password, in the answer or the log.
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, signUp, type TestApp, type TestResponse } from './helpers/app.ts';

const SECRET = 'Pw-Secret-4711-horse';
const logLines: string[] = [];
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp({}, { level: 'trace', stream: { write: (line: string) => logLines.push(line) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Sends raw bytes over a fresh connection and reads the whole answer. */
function rawRequest(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function statusAndBody(answer: string): { status: number; body: unknown } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
  const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
  return { status, body: JSON.parse(body) };
}

describe('errors of the router and the HTTP parser', () => {
  it('answers a malformed address with 400 in the one shape, without repeating it', async () => {
    const answer = await rawRequest('GET /api/users/Qz9echo%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(statusAndBody(answer)).toEqual({ status: 400, body: { status: 400, code: 'bad_request', message: 'The address is not valid.' } });
    expect(answer).not.toContain('Qz9echo');
  });

  it('answers a too long path parameter with 414 in the one shape', async () => {
    const answer = await rawRequest(`GET /api/users/Qz9echo${'x'.repeat(200)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(statusAndBody(answer)).toEqual({ status: 414, body: { status: 414, code: 'uri_too_long', message: 'The address is too long.' } });
    expect(answer).not.toContain('Qz9echo');
  });

  it('answers headers too large with 431 in the one shape', async () => {
    const answer = await rawRequest(`GET /api/_initial?q=Qz9echo${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(statusAndBody(answer)).toEqual({
      status: 431,
      body: { status: 431, code: 'headers_too_large', message: 'The request headers are too large.' },
    });
  });

  it('answers a request line it cannot read with 400 in the one shape', async () => {
    const answer = await rawRequest('NOT A REQUEST\r\n\r\n');
    expect(statusAndBody(answer)).toEqual({ status: 400, body: { status: 400, code: 'bad_request', message: 'Bad request.' } });
  });
});

describe('validation messages', () => {
  it('name the field and the rule, never the value', async () => {
    const browser = await new Browser(t.app).open();
    const response = await browser.post('/api/_signup', { username: ['Qz9echo'], password: 'correct horse battery' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe('Username cannot be empty.');
    const vote = await browser.post('/api/_postVote', { postId: 'Qz9echo', up: 'Qz9echo' });
    expect(vote.statusCode).toBeGreaterThanOrEqual(400);
    expect(vote.body).not.toContain('Qz9echo');
  });
});

describe('a password sent with a failing request', () => {
  it('appears in no error answer and no log line', async () => {
    const { browser, username } = await signUp(t.app);
    const visitor = await new Browser(t.app).open();
    const answers: TestResponse[] = [];
    const send = async (who: Browser, url: string, options: Parameters<Browser['request']>[2]) => {
      answers.push(await who.request('POST', url, options));
    };
    const plain = { 'content-type': 'text/plain' };
    const bodies = [
      JSON.stringify(SECRET), JSON.stringify([SECRET]), JSON.stringify({ username: 5, password: SECRET }),
      JSON.stringify({ username: 'ok_name', password: [SECRET] }), JSON.stringify({ username: 'ok_name', password: { SECRET } }),
      JSON.stringify({ username: 'x', password: SECRET }), JSON.stringify({ username: 'ok_name', password: SECRET.repeat(10) }),
      `{"username": "ok_name", "password": "${SECRET}"`, `${SECRET}`,
    ];
    for (const rawBody of bodies) {
      await send(visitor, '/api/_signup', { rawBody });
      await send(visitor, '/api/_signup', { rawBody, headers: plain });
      await send(visitor, '/api/_login', { rawBody });
      await send(visitor, '/api/_login', { rawBody, headers: plain });
    }
    await send(visitor, '/api/_login', { body: { username, password: SECRET } });
    await send(visitor, '/api/_login', { rawBody: `username=${username}&password=${SECRET}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    await send(browser, '/api/_settings?action=changePassword', { body: { password: SECRET, newPassword: [SECRET], repeatPassword: SECRET } });
    await send(browser, '/api/_settings?action=changePassword', { body: { password: SECRET, newPassword: 'another long one', repeatPassword: 'another long one' } });
    answers.push(await browser.request('DELETE', `/api/users/${username}`, { body: { password: [SECRET] } }));
    answers.push(await browser.request('DELETE', `/api/users/${username}`, { body: { password: SECRET } }));

    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, answer.body).toBeLessThan(500);
      expect(answer.body).not.toContain(SECRET);
    }
    expect(logLines.length).toBeGreaterThan(answers.length);
    expect(logLines.filter((line) => line.includes(SECRET))).toEqual([]);
  });
});
