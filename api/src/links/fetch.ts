// Fetching user-supplied URLs from the server without letting them reach the server's own network.
// Every connection goes through the vetted lookup of outbound/; redirects are followed by hand and
// checked the same way; the whole exchange has one deadline and the body a size cap.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { LINK_URL_MAX } from '@quorum/shared/constants';
import { isHttpUrl } from '@quorum/shared/schemas/posts';
import { AddressRefusedError, checkLiteralHost, systemResolve, vettedLookup, type Resolver } from '../outbound/lookup.ts';

/** The address was allowed but nothing usable came back. */
export class LinkFetchError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LinkFetchError';
  }
}

export interface LinkFetchOptions {
  /** Allow loopback and private network addresses (tests, intranets). */
  allowPrivate?: boolean;
  /** Deadline for the whole exchange, redirects and body included. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Resolves a host name to its addresses; the system resolver unless given. */
  resolve?: Resolver;
}

export const FETCH_TIMEOUT_MS = 5000;
export const MAX_REDIRECTS = 3;

const USER_AGENT = 'Mozilla/5.0 (compatible; QuorumLinkPreview/1.0)';

/**
 * The one check of a user's http(s) address: the shape the forms accept (`isHttpUrl`), at most
 * LINK_URL_MAX characters, parsed, with a host; null for anything else.
 */
export function parseHttpUrl(text: string): URL | null {
  if (text.length > LINK_URL_MAX || !isHttpUrl(text)) return null;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url : null;
  } catch {
    return null;
  }
}

/** What to do with a body of some content type: read at most `maxBytes`, cutting it or failing beyond. */
export interface BodyPolicy {
  maxBytes: number;
  /** True: keep the first `maxBytes` and stop. False: a longer body is a failure. */
  truncate: boolean;
}

export interface FetchedBody {
  /** The address the body came from, after redirects. */
  url: URL;
  /** The media type, lower-case, without parameters. */
  mediaType: string;
  /** The charset parameter of the Content-Type, if any. */
  charset: string | null;
  body: Buffer;
}

function get(url: URL, accept: string, lookup: LookupFunction, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolvePromise, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'GET',
      agent: false,
      lookup,
      signal,
      headers: { 'User-Agent': USER_AGENT, Accept: accept, 'Accept-Encoding': 'gzip, deflate, br' },
    });
    request.once('response', resolvePromise);
    // Stays attached: the request can fail again later (an abort while the body is read).
    request.on('error', reject);
    request.end();
  });
}

function decoded(response: IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' || encoding === '') return response;
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip' ? createGunzip()
    : encoding === 'deflate' ? createInflate()
    : encoding === 'br' ? createBrotliDecompress()
    : null;
  if (!decoder) throw new LinkFetchError(`Unsupported content encoding ${encoding}.`);
  response.on('error', (error) => decoder.destroy(error));
  return response.pipe(decoder);
}

async function readBody(stream: Readable, policy: BodyPolicy): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const room = policy.maxBytes - length;
      if (chunk.length > room) {
        if (!policy.truncate) throw new LinkFetchError('The response is too large.');
        chunks.push(chunk.subarray(0, room));
        length += room;
        break;
      }
      chunks.push(chunk);
      length += chunk.length;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks, length);
}

/**
 * GETs `url` following at most `maxRedirects` redirects, each checked like the first. `policyFor`
 * chooses how to read a body by its media type; null means that type is not wanted. Throws
 * `AddressRefusedError` for an address the server may not reach and `LinkFetchError` for any other
 * failure (timeout, status, size, type, network).
 */
export async function fetchUrl(
  url: URL,
  accept: string,
  policyFor: (mediaType: string) => BodyPolicy | null,
  options: LinkFetchOptions = {},
): Promise<FetchedBody> {
  const allowPrivate = options.allowPrivate ?? false;
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const lookup = vettedLookup(options.resolve ?? systemResolve, allowPrivate);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? FETCH_TIMEOUT_MS);
  let current = url;
  try {
    for (let redirects = 0; ; redirects += 1) {
      if (current.protocol !== 'http:' && current.protocol !== 'https:') throw new AddressRefusedError('Only http and https addresses can be fetched.');
      checkLiteralHost(current, allowPrivate);
      const response = await get(current, accept, lookup, controller.signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location !== undefined) {
        response.destroy();
        if (redirects >= maxRedirects) throw new LinkFetchError('Too many redirects.');
        try {
          current = new URL(response.headers.location, current);
        } catch {
          throw new LinkFetchError('A redirect pointed to an invalid address.');
        }
        continue;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        throw new LinkFetchError(`The server answered ${status}.`);
      }
      const contentType = response.headers['content-type'] ?? '';
      const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
      const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1] ?? null;
      const policy = policyFor(mediaType);
      if (!policy) {
        response.destroy();
        throw new LinkFetchError(`Unwanted content type ${mediaType || 'none'}.`);
      }
      const declared = Number(response.headers['content-length']);
      if (!policy.truncate && Number.isFinite(declared) && declared > policy.maxBytes) {
        response.destroy();
        throw new LinkFetchError('The response is too large.');
      }
      try {
        const body = await readBody(decoded(response), policy);
        return { url: current, mediaType, charset, body };
      } finally {
        response.destroy();
      }
    }
  } catch (error) {
    if (error instanceof AddressRefusedError || error instanceof LinkFetchError) throw error;
    if (controller.signal.aborted) throw new LinkFetchError('The request timed out.', { cause: error });
    throw new LinkFetchError('The address could not be fetched.', { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
