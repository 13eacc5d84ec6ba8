// What the installed app receives when something is shared to it: the service worker takes the
// POST of the share sheet, keeps its content in Cache Storage and opens New post, which reads it.
import { POST_TITLE_MAX } from './constants.ts';
import type { PostType } from './entities/posts.ts';

/** The manifest's share_target action: a multipart POST with the fields below. */
export const SHARE_TARGET_PATH = '/share-target';
export const SHARE_FIELDS = { title: 'title', text: 'text', url: 'url', files: 'images' } as const;
/** The cache that holds a share until New post has read it. */
export const SHARE_CACHE = 'quorum-share';
/** Where in that cache the shared texts are kept (JSON of SharedContent). */
export const SHARED_CONTENT_KEY = '/share-target/content.json';
/** Where the n-th shared file is kept. */
export const sharedFileKey = (index: number) => `/share-target/file-${index}`;
/** The query parameter of New post that says a share is waiting. */
export const SHARED_QUERY_PARAM = 'shared';

export interface SharedContent {
  title: string;
  text: string;
  url: string;
  files: Array<{ key: string; name: string; type: string }>;
}

/** What New post starts with for a share: an image post for files, a link post for a URL, else a text post. */
export interface SharedDraft {
  type: PostType;
  title: string;
  url: string;
  body: string;
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"]+/i;

/**
 * Share sheets put a page's address in `url`, or (many Android apps) inside `text`. The address
 * found is taken out of the text; what is left becomes the title, or the body of a text post.
 */
export function sharedDraft(shared: Pick<SharedContent, 'title' | 'text' | 'url'> & { fileCount: number }): SharedDraft {
  const found = shared.url.trim() || (URL_IN_TEXT.exec(shared.text)?.[0] ?? '');
  const text = (found ? shared.text.replace(found, '') : shared.text).trim();
  const title = shared.title.trim();
  const type: PostType = shared.fileCount > 0 ? 'image' : found ? 'link' : 'text';
  if (type === 'text') {
    // A short single line is a title; anything longer is the body.
    const asTitle = !title && !text.includes('\n') && text.length <= POST_TITLE_MAX;
    return { type, title: asTitle ? text : title, url: '', body: asTitle ? '' : text };
  }
  return { type, title: (title || text).slice(0, POST_TITLE_MAX), url: found, body: '' };
}
