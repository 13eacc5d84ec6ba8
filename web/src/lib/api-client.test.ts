import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient, type TokenStore } from '@quorum/client/api-client';
import { ApiError } from '@quorum/client/api-error';
import { CSRF_REQUEST_HEADER, CSRF_RESPONSE_HEADER } from '@quorum/shared/http-names';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A small real server that answers every call with a fresh anti-forgery token and records the one
// it was sent; `?refuse` answers as the API does for a file too large.
let server: Server;
let baseUrl = '';
let issued = 0;
const received: Array<string | undefined> = [];
const receivedKeys: Array<string | undefined> = [];
const receivedCalls: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(request.headers[CSRF_REQUEST_HEADER] as string | undefined);
    receivedCalls.push(`${request.method} ${request.url}`);
    receivedKeys.push(request.headers['idempotency-key'] as string | undefined);
    request.resume();
    request.on('end', () => {
      issued += 1;
      response.setHeader(CSRF_RESPONSE_HEADER, `token-${issued}`);
      response.setHeader('Content-Type', 'application/json');
      if (request.url?.includes('refuse')) {
        response.statusCode = 413;
        response.end(JSON.stringify({ status: 413, code: 'file_size_exceeded', message: 'Maximum file size exceeded.' }));
        return;
      }
      response.statusCode = 201;
      response.end(JSON.stringify({ id: `image-${issued}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function memoryTokens(initial: string): TokenStore & { value: string } {
  return {
    value: initial,
    get() {
      return this.value;
    },
    set(token) {
      this.value = token;
    },
  };
}

describe('upload', () => {
  it('sends the token, keeps the refreshed one and parses the answer, with or without progress', async () => {
    const tokens = memoryTokens('token-0');
    const api = createApiClient({ baseUrl, tokenStore: tokens });
    const file = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });

    const first = await api.upload<{ id: string }>('/api/_uploads', 'image', file);
    expect(received.at(-1)).toBe('token-0');
    expect(first.id).toBe(`image-${issued}`);
    expect(tokens.value).toBe(`token-${issued}`);

    // Without XMLHttpRequest (as here) a call asking for progress goes through fetch, the same way.
    const kept = tokens.value;
    const second = await api.upload<{ id: string }>('/api/_uploads', 'image', file, { onProgress: () => undefined });
    expect(received.at(-1)).toBe(kept);
    expect(second.id).toBe(`image-${issued}`);
    expect(tokens.value).toBe(`token-${issued}`);
  });

  it('throws an ApiError with the status and code of a refusal, and still keeps the token', async () => {
    const tokens = memoryTokens('token-0');
    const api = createApiClient({ baseUrl, tokenStore: tokens });
    const failure = await api.upload('/api/_uploads', 'image', new Blob(['x']), { query: { refuse: 1 } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 413, code: 'file_size_exceeded' });
    expect(tokens.value).toBe(`token-${issued}`);
  });
});

describe('a write with call options', () => {
  it('sends its idempotency key with that call only', async () => {
    const api = createApiClient({ baseUrl, tokenStore: memoryTokens('token-0') });
    await api.votePost('post-1', true, { headers: { 'Idempotency-Key': 'key-1' } });
    expect(receivedKeys.at(-1)).toBe('key-1');
    await api.votePost('post-1', true);
    expect(receivedKeys.at(-1)).toBeUndefined();
  });
});

describe('refreshToken', () => {
  it('fetches the token from the health check, without sending the stale one, and keeps it', async () => {
    const tokens = memoryTokens('stale');
    const api = createApiClient({ baseUrl, tokenStore: tokens });
    const token = await api.refreshToken();
    expect(receivedCalls.at(-1)).toBe('GET /api/_health');
    expect(received.at(-1)).toBeUndefined();
    expect(token).toBe(`token-${issued}`);
    expect(tokens.value).toBe(token);

    await api.markNotificationSeen('n-1', true, 'webpush');
    expect(receivedCalls.at(-1)).toMatch(/^PUT \/api\/notifications\/n-1\?/);
    expect(received.at(-1)).toBe(token);
  });
});
