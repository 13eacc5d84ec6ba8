import { POST_IMAGES_MAX, UNATTACHED_IMAGE_HOURS } from '@quorum/shared/constants';
import { Messages } from '@quorum/shared/errors';
import type { Image } from '@quorum/shared/entities/images';

const TOO_MANY_IMAGES = 'Image posts cannot contain more than 10 images. Please select fewer images and continue.';

/** One image of the post being written: uploading, then uploaded with its alt text and caption. */
export interface UploadItem {
  /** A local key that stays with the item while it moves. */
  key: string;
  fileName: string;
  /** A local object URL of the file, shown until the uploaded copy is there. */
  previewUrl: string | null;
  /** Share of the bytes sent, 0 to 1. */
  progress: number;
  /** The uploaded image; null while uploading. */
  image: Image | null;
  /** When the upload ended (ms); null while uploading. */
  uploadedAt: number | null;
  /** The alt text as typed, and as last saved on the server. */
  altText: string;
  savedAltText: string;
  caption: string;
}

/** An uploaded image as a draft keeps it. */
export type KeptImage = Pick<UploadItem, 'fileName' | 'altText' | 'caption'> & { image: Image; uploadedAt: number };

/** The uploaded images of the list, as a draft keeps them; those still uploading are left out. */
export function keptImages(items: readonly UploadItem[]): KeptImage[] {
  return items.flatMap(({ fileName, image, uploadedAt, altText, caption }) => (image && uploadedAt !== null ? [{ fileName, image, uploadedAt, altText, caption }] : []));
}

/** How long before the server removes an unused upload a draft stops offering it: the post would be refused. */
const KEPT_IMAGE_MARGIN_MS = 60 * 60_000;

/** The kept images the server still holds for a post. */
export function usableKeptImages(kept: readonly KeptImage[], now: number): KeptImage[] {
  return kept.filter((image) => now - image.uploadedAt < UNATTACHED_IMAGE_HOURS * 60 * 60_000 - KEPT_IMAGE_MARGIN_MS);
}

export type ImagesAction =
  | { type: 'add'; items: UploadItem[] }
  | { type: 'progress'; key: string; progress: number }
  | { type: 'uploaded'; key: string; image: Image; at: number }
  | { type: 'remove'; key: string }
  | { type: 'move'; key: string; offset: -1 | 1 }
  | { type: 'edit'; key: string; altText?: string; caption?: string }
  | { type: 'altTextSaved'; key: string; altText: string };

/** `items` with the item at `index` moved `offset` places, or unchanged at either end. */
export function moveItem<T>(items: readonly T[], index: number, offset: -1 | 1): T[] {
  const target = index + offset;
  const item = items[index];
  if (item === undefined || target < 0 || target >= items.length) return [...items];
  const next = items.filter((_, i) => i !== index);
  next.splice(target, 0, item);
  return next;
}

export function imagesReducer(items: UploadItem[], action: ImagesAction): UploadItem[] {
  const update = (key: string, change: (item: UploadItem) => UploadItem) =>
    items.map((item) => (item.key === key ? change(item) : item));
  switch (action.type) {
    case 'add':
      return [...items, ...action.items];
    case 'progress':
      return update(action.key, (item) => ({ ...item, progress: action.progress }));
    case 'uploaded':
      return update(action.key, (item) => ({
        ...item,
        progress: 1,
        image: action.image,
        uploadedAt: action.at,
        altText: item.altText || (action.image.altText ?? ''),
        savedAltText: action.image.altText ?? '',
      }));
    case 'remove':
      return items.filter((item) => item.key !== action.key);
    case 'move':
      return moveItem(items, items.findIndex((item) => item.key === action.key), action.offset);
    case 'edit':
      return update(action.key, (item) => ({
        ...item,
        altText: action.altText ?? item.altText,
        caption: action.caption ?? item.caption,
      }));
    case 'altTextSaved':
      return update(action.key, (item) => ({ ...item, savedAltText: action.altText }));
  }
}

/**
 * Which of the chosen files may be uploaded: image files only, and never more than 10 images in
 * the post (a selection that would pass 10 is refused whole, so the user picks again).
 */
export function checkSelection<F extends { name: string; type: string }>(files: readonly F[], currentCount: number): { accepted: F[]; errors: string[] } {
  const images = files.filter((file) => file.type.startsWith('image/'));
  const errors = files.filter((file) => !file.type.startsWith('image/')).map((file) => Messages.unsupportedFileType(file.name));
  if (currentCount + images.length > POST_IMAGES_MAX) return { accepted: [], errors: [TOO_MANY_IMAGES, ...errors] };
  return { accepted: images, errors };
}

export const isUploading = (items: readonly UploadItem[]) => items.some((item) => item.image === null);

/** Whether an uploaded image's typed alt text differs from what the server has. */
export const hasUnsavedAltText = (item: UploadItem) => item.image !== null && item.altText.trim() !== item.savedAltText.trim();
