import { randomBytes } from 'node:crypto';
import type { Metadata, ResizeOptions, Sharp, SharpOptions } from 'sharp';
import { UPLOAD_MAX_PIXELS } from '@quorum/shared/constants';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import type { ImageCopyName, ImageFormat } from '@quorum/shared/entities/images';
import type { Db } from '../db/connect.ts';
import { badRequest } from '../http/errors.ts';
import { fairQueue } from './decode-queue.ts';
import type { ImageJson } from './present.ts';
import { insertImage } from './queries.ts';
import type { ImageStore } from './storage.ts';

let sharpModule: Promise<typeof import('sharp').default> | undefined;

/** The image library is loaded with the first image rather than at start-up: it holds some 25 MB. */
function loadSharp() {
  sharpModule ??= import('sharp').then((module) => module.default);
  return sharpModule;
}

/** What an image is for; it decides how large the stored original may be. */
export type ImageKind = 'post' | 'avatar' | 'banner' | 'link';

interface Box {
  width: number;
  height: number;
  objectFit: 'cover' | 'contain';
}

/**
 * The most pixels an input may have, by kind. Avatars, banners and link thumbnails are shown
 * small, so they get far less than post images.
 */
export const MAX_INPUT_PIXELS: Record<ImageKind, number> = {
  post: UPLOAD_MAX_PIXELS,
  avatar: 16_000_000,
  banner: 16_000_000,
  link: 16_000_000,
};

/** Images decoded at once; the others wait, each member's in a line of their own (see `fairQueue`). */
export const CONCURRENT_DECODES = 2;
/** Decodes waiting for a slot and running, shared by all members. */
export const decodeQueue = fairQueue(CONCURRENT_DECODES);

/**
 * The longest the conversion of one image may take once it has a slot. The slowest image the
 * limits allow, a 60-megapixel transparent PNG near the size limit, takes about 2 s on two cores;
 * one that takes several times as long is refused rather than kept holding a slot others wait for.
 */
export const DECODE_TIME_BUDGET_SECONDS = 10;

/** Transparency is looked for on a copy this small, so the check costs little beyond reading the pixels once. */
const ALPHA_CHECK_SIZE = 256;

const ORIGINAL_BOX: Record<ImageKind, Box> = {
  post: { width: 5000, height: 5000, objectFit: 'contain' },
  avatar: { width: 2000, height: 2000, objectFit: 'contain' },
  banner: { width: 2000, height: 2000, objectFit: 'contain' },
  link: { width: 1280, height: 720, objectFit: 'cover' },
};

/** The named copies made of every image when it is stored. */
export const IMAGE_COPIES: ReadonlyArray<Box & { name: ImageCopyName }> = [
  { name: 'tiny', width: 120, height: 120, objectFit: 'cover' },
  { name: 'small', width: 325, height: 250, objectFit: 'cover' },
  { name: 'medium', width: 720, height: 1440, objectFit: 'contain' },
  { name: 'desktop', width: 1440, height: 2880, objectFit: 'contain' },
  { name: 'mobile', width: 875, height: 500, objectFit: 'cover' },
];

export const COPY_FORMAT: ImageFormat = 'webp';

/** Formats accepted on input: sharp's name for it, and for HEIF containers the compression. */
function isAcceptedInput(metadata: Metadata): boolean {
  const { format } = metadata;
  if (format === 'jpeg' || format === 'png' || format === 'webp' || format === 'gif') return true;
  return format === 'heif' && metadata.compression === 'av1';
}

const unsupportedImage = (message: string = Messages.unsupportedImage) => badRequest(message, ErrorCode.unsupportedImage);

/**
 * Resize options that fit an image of `width`×`height` into `box` without enlarging it. A cover
 * box smaller than the image is filled and cropped; for a smaller image, the largest area of the
 * box's shape is cropped out of it at its own scale.
 */
function fitInto(box: Box, width: number, height: number): ResizeOptions {
  if (box.objectFit === 'contain') return { width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true };
  const scale = Math.min(1, width / box.width, height / box.height);
  return {
    width: Math.max(1, Math.round(box.width * scale)),
    height: Math.max(1, Math.round(box.height * scale)),
    fit: 'cover',
  };
}

export interface ProcessedFile {
  format: ImageFormat;
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedImage extends ProcessedFile {
  averageColor: string;
  copies: Array<ProcessedFile & { name: ImageCopyName; objectFit: Box['objectFit'] }>;
}

async function readMetadata(buffer: Buffer): Promise<Metadata> {
  try {
    // Reads the header only; the pixel count is checked before anything is decoded.
    const sharp = await loadSharp();
    return await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupportedImage();
  }
}

async function averageColor(image: Sharp): Promise<string> {
  const { data, info } = await image
    .resize(1, 1, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const [r = 128, g = r, b = r] = info.channels >= 3 ? [data[0], data[1], data[2]] : [data[0]];
  return `rgb(${r},${g},${b})`;
}

/**
 * Whether any pixel is transparent, looked for on a small copy. Shrinking averages the alpha of
 * neighbouring pixels, so only a speck of transparency too small to see can go unnoticed.
 */
async function hasTransparentPixels(image: Sharp): Promise<boolean> {
  const alpha = await image
    .resize(ALPHA_CHECK_SIZE, ALPHA_CHECK_SIZE, { fit: 'inside', withoutEnlargement: true })
    .extractChannel('alpha')
    .raw()
    .toBuffer();
  return alpha.some((value) => value < 255);
}

/**
 * Seconds left of a time budget that starts now, as sharp's `timeout` takes them; refuses the
 * image once none are left.
 */
function timeBudget(seconds: number): () => number {
  const end = Date.now() + seconds * 1000;
  return () => {
    const left = Math.ceil((end - Date.now()) / 1000);
    if (left <= 0) throw unsupportedImage();
    return left;
  };
}

/**
 * Checks and converts an uploaded image: turned upright, stripped of metadata, capped in size for
 * its kind, stored as PNG when it has transparent pixels and JPEG otherwise, with the named WebP
 * copies and its average colour. Anything that is not an image sharp can read in one of the
 * accepted formats, that has too many pixels or that takes longer than the time budget to convert,
 * is a 400 `unsupported_image`. The pixels are decoded in `decodeQueue`, in the line of `owner`.
 */
export async function processImage(buffer: Buffer, kind: ImageKind, owner: string): Promise<ProcessedImage> {
  const metadata = await readMetadata(buffer);
  if (!isAcceptedInput(metadata)) throw unsupportedImage();
  const pixels = metadata.width * (metadata.pageHeight ?? metadata.height);
  const maxPixels = MAX_INPUT_PIXELS[kind];
  if (!(pixels > 0)) throw unsupportedImage();
  if (pixels > maxPixels) throw unsupportedImage(Messages.imageTooManyPixels(maxPixels));
  return decodeQueue.run(owner, () => convert(buffer, metadata, kind));
}

/** The decoding part of `processImage`, for an input whose header has been checked. */
async function convert(buffer: Buffer, metadata: Metadata, kind: ImageKind): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const secondsLeft = timeBudget(DECODE_TIME_BUDGET_SECONDS);
  const read = (data: Buffer, options?: SharpOptions) => sharp(data, options).timeout({ seconds: secondsLeft() });
  const readUpload = () => read(buffer, { limitInputPixels: MAX_INPUT_PIXELS[kind] });
  try {
    const transparent = metadata.hasAlpha && (await hasTransparentPixels(readUpload()));
    // EXIF orientations 5 to 8 are stored a quarter turn off: once upright, width and height swap.
    const quarterTurn = metadata.orientation !== undefined && metadata.orientation >= 5;
    const width = quarterTurn ? metadata.height : metadata.width;
    const height = quarterTurn ? metadata.width : metadata.height;
    const pipeline = readUpload().rotate().resize(fitInto(ORIGINAL_BOX[kind], width, height));
    const format: ImageFormat = transparent ? 'png' : 'jpeg';
    const { data, info } = await (transparent ? pipeline.png() : pipeline.jpeg({ quality: 85 })).toBuffer({
      resolveWithObject: true,
    });
    const original: ProcessedFile = { format, width: info.width, height: info.height, data };

    const [color, ...copies] = await Promise.all([
      averageColor(read(original.data)),
      ...IMAGE_COPIES.map(async (copy) => {
        const { data, info } = await read(original.data)
          .resize(fitInto(copy, original.width, original.height))
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        return { name: copy.name, objectFit: copy.objectFit, format: COPY_FORMAT, width: info.width, height: info.height, data };
      }),
    ]);
    return { ...original, averageColor: color, copies };
  } catch {
    // The upload's fault: pixels sharp cannot read, or a conversion over the time budget.
    throw unsupportedImage();
  }
}

/** The store key of an image's original file. */
export const originalKey = (storeKey: string, format: string) => `${storeKey}.${format}`;
/** The store key of one of an image's named copies. */
export const copyKey = (storeKey: string, name: string, format: string) => `${storeKey}-${name}.${format}`;

/** A fresh, unguessable key; the first two characters spread the files over 256 folders. */
function newStoreKey(): string {
  const key = randomBytes(16).toString('hex');
  return `${key.slice(0, 2)}/${key}`;
}

/**
 * Processes an image, writes its files and records it as a fresh, not yet attached upload of
 * `uploadedBy`. Callers attach it (`attachImages`) in the transaction that puts it to use.
 */
export async function storeImage(
  db: Db,
  store: ImageStore,
  buffer: Buffer,
  { uploadedBy, kind }: { uploadedBy: string | null; kind: ImageKind },
): Promise<ImageJson> {
  // Work without an uploader shares one line.
  const image = await processImage(buffer, kind, uploadedBy ?? '');
  const storeKey = newStoreKey();
  const files = [
    { key: originalKey(storeKey, image.format), data: image.data },
    ...image.copies.map((copy) => ({ key: copyKey(storeKey, copy.name, copy.format), data: copy.data })),
  ];
  try {
    await Promise.all(files.map((file) => store.put(file.key, file.data)));
    return await insertImage(db, {
      storeName: store.name,
      storeKey,
      format: image.format,
      width: image.width,
      height: image.height,
      size: image.data.length,
      uploadSize: buffer.length,
      averageColor: image.averageColor,
      copies: image.copies.map((copy) => ({
        name: copy.name,
        width: copy.width,
        height: copy.height,
        objectFit: copy.objectFit,
        format: copy.format,
      })),
      uploadedBy,
    });
  } catch (error) {
    await Promise.allSettled(files.map((file) => store.delete(file.key)));
    throw error;
  }
}
