import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Config } from '../config.ts';
import { isMissingFile, openFile } from '../files.ts';
import { S3ImageStore } from './s3-store.ts';

/**
 * Where image files live. Keys are relative, slash-separated names such as `3f/3f9a…-tiny.webp`;
 * the disk and an S3 bucket implement the same four calls.
 */
export interface ImageStore {
  /** Recorded with each image (`images.store_name`) so that stores can be told apart later. */
  readonly name: string;
  put(key: string, data: Buffer): Promise<void>;
  /** The whole file, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** A stream of the file and its size, or null when there is none. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9]+(?:[/_.-][a-z0-9]+)*$/;

/** `key` when it has the shape of a key the server makes; a bad one must never reach a store. */
export function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid image key "${key}".`);
  return key;
}

export const CONTENT_TYPES: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The media type of a key's file, from its extension. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** Files under one folder; writes land under a temporary name and are renamed into place. */
export class DiskImageStore implements ImageStore {
  readonly name = 'disk';
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    const path = resolve(this.root, checkKey(key));
    const rel = relative(this.root, path);
    if (rel === '' || rel.startsWith('..') || rel.startsWith(sep)) throw new Error(`Invalid image key "${key}".`);
    return path;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = join(dirname(path), `.${randomBytes(8).toString('hex')}.tmp`);
    try {
      await writeFile(temporary, data);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key));
    } catch (error) {
      if (isMissingFile(error)) return null;
      throw error;
    }
  }

  open(key: string): Promise<{ stream: Readable; size: number } | null> {
    return openFile(this.path(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}

/** The store the server is configured with: the S3 bucket when there is one, else files under `DATA_DIR/images`. */
export function createImageStore(config: { dataDir: string; s3?: S3Config | undefined }): ImageStore {
  return config.s3 ? new S3ImageStore(config.s3) : new DiskImageStore(join(config.dataDir, 'images'));
}
