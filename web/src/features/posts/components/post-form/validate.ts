import { POST_TITLE_MAX } from '@quorum/shared/constants';
import { imagePostImages, linkPostUrl, postCommunity, postTitle } from '@quorum/shared/schemas/posts';
import type { PostType } from '@quorum/shared/entities/posts';
import { firstIssueMessage } from '@quorum/shared/validation';
import { isUploading, type UploadItem } from './image-list.ts';

/** The server's words when a user who asked for alt text on every image submits one without. */
export const MISSING_ALT_TEXT = 'One or more images are missing alt text...';
export const UPLOAD_IN_PROGRESS = 'Please wait until the images finish uploading.';

/** Titles are one line, cut at 255 characters (counted as the user sees them, not in UTF-16 units). */
export function cutTitle(value: string): string {
  return [...value.replace(/\s*[\r\n]+\s*/g, ' ')].slice(0, POST_TITLE_MAX).join('');
}

export type PostFormField = 'community' | 'title' | 'images' | 'url';

export interface PostFormValues {
  type: PostType;
  /** The chosen community's name; empty when none is chosen. */
  community: string;
  title: string;
  url: string;
  images: readonly UploadItem[];
}

/**
 * The message for each field of the post form that is not right yet, in the specification's
 * words. An edit changes the title (and a text post's body) only, so only the title is checked.
 */
export function postFormErrors(
  values: PostFormValues,
  { editing = false, requireAltText = false }: { editing?: boolean; requireAltText?: boolean } = {},
): Partial<Record<PostFormField, string>> {
  const errors: Partial<Record<PostFormField, string>> = {};
  const title = firstIssueMessage(postTitle, values.title);
  if (title) errors.title = title;
  if (editing) return errors;

  const community = firstIssueMessage(postCommunity, values.community);
  if (community) errors.community = community;

  if (values.type === 'image') {
    const uploaded = values.images.flatMap((item) => (item.image ? [{ imageId: item.image.id, caption: item.caption }] : []));
    const images = isUploading(values.images) && uploaded.length > 0 ? UPLOAD_IN_PROGRESS : firstIssueMessage(imagePostImages, uploaded);
    if (images) errors.images = images;
    else if (requireAltText && values.images.some((item) => item.altText.trim() === '')) errors.images = MISSING_ALT_TEXT;
  }
  if (values.type === 'link') {
    const url = firstIssueMessage(linkPostUrl, values.url);
    if (url) errors.url = url;
  }
  return errors;
}
