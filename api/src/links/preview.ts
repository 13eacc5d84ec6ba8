import { POST_TITLE_MAX, UPLOAD_MAX_BYTES } from '@quorum/shared/constants';
import type { Db } from '../db/connect.ts';
import { storeImage } from '../images/process.ts';
import { HttpError } from '../http/errors.ts';
import type { ImageStore } from '../images/storage.ts';
import { declaredCharset, readPagePreview } from './html.ts';
import { AddressRefusedError } from '../outbound/lookup.ts';
import { fetchUrl, LinkFetchError, parseHttpUrl, type BodyPolicy, type FetchedBody, type LinkFetchOptions } from './fetch.ts';

/** Pages are read up to this many bytes; the title and preview tags sit near the top. */
export const HTML_MAX_BYTES = 1024 * 1024;

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const htmlPolicy: BodyPolicy = { maxBytes: HTML_MAX_BYTES, truncate: true };

export interface LinkPreview {
  title: string | null;
  /** Absolute http(s) address of the page's preview image. */
  imageUrl: string | null;
}

export interface ImageFetchOptions extends LinkFetchOptions {
  /** Largest image accepted, in bytes. */
  maxImageBytes?: number;
}

function decodeHtml(fetched: FetchedBody): string {
  const label = fetched.charset ?? declaredCharset(fetched.body.subarray(0, 2048).toString('latin1')) ?? 'utf-8';
  try {
    return new TextDecoder(label).decode(fetched.body);
  } catch {
    return new TextDecoder('utf-8').decode(fetched.body);
  }
}

function previewOf(fetched: FetchedBody): LinkPreview {
  const page = readPagePreview(decodeHtml(fetched));
  let imageUrl: string | null = null;
  if (page.image) {
    try {
      const url = new URL(page.image, fetched.url);
      if (url.protocol === 'http:' || url.protocol === 'https:') imageUrl = url.toString();
    } catch {
      // An unusable image address is no image.
    }
  }
  const title = page.title === null ? null : [...page.title].slice(0, POST_TITLE_MAX).join('');
  return { title, imageUrl };
}

/**
 * The title and preview image of the page at `url`. Only HTML is read. Throws `AddressRefusedError`
 * for an address the server may not reach and `LinkFetchError` when nothing usable came back.
 */
export async function fetchLinkPreview(url: URL, options: LinkFetchOptions = {}): Promise<LinkPreview> {
  const fetched = await fetchUrl(url, 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1', (type) => (HTML_TYPES.has(type) ? htmlPolicy : null), options);
  return previewOf(fetched);
}

function imagePolicy(options: ImageFetchOptions): BodyPolicy {
  return { maxBytes: options.maxImageBytes ?? UPLOAD_MAX_BYTES, truncate: false };
}

/** The bytes of the image at `url` (served as image/*), at most `maxImageBytes`. */
export async function fetchImage(url: URL, options: ImageFetchOptions = {}): Promise<Buffer> {
  const policy = imagePolicy(options);
  const fetched = await fetchUrl(url, 'image/*', (type) => (type.startsWith('image/') ? policy : null), options);
  return fetched.body;
}

/**
 * The preview image of a link: the link itself when it is an image, else the page's og:image.
 * Resolves to null when the page names none.
 */
export async function fetchLinkImage(url: URL, options: ImageFetchOptions = {}): Promise<Buffer | null> {
  const policy = imagePolicy(options);
  const fetched = await fetchUrl(
    url,
    'text/html,application/xhtml+xml;q=0.9,image/*;q=0.8',
    (type) => (HTML_TYPES.has(type) ? htmlPolicy : type.startsWith('image/') ? policy : null),
    options,
  );
  if (fetched.mediaType.startsWith('image/')) return fetched.body;
  const { imageUrl } = previewOf(fetched);
  return imageUrl ? fetchImage(new URL(imageUrl), options) : null;
}

/**
 * A function for link posts: fetches the link's preview image, stores it as a link thumbnail
 * uploaded by the poster and resolves to its id, or to null when there is none or it fails. The
 * image is left unattached; attach it with `attachImages` in the transaction that creates the post.
 */
export function linkImageSaver(
  db: Db,
  store: ImageStore,
  options: ImageFetchOptions = {},
): (url: string, userId: string) => Promise<string | null> {
  return async (url, userId) => {
    const target = parseHttpUrl(url);
    if (!target) return null;
    try {
      const buffer = await fetchLinkImage(target, options);
      if (!buffer) return null;
      const image = await storeImage(db, store, buffer, { uploadedBy: userId, kind: 'link' });
      return image.id;
    } catch (error) {
      // A refused address, a failed fetch or an unreadable image leaves the post without a thumbnail.
      if (error instanceof AddressRefusedError || error instanceof LinkFetchError || error instanceof HttpError) return null;
      throw error;
    }
  };
}
