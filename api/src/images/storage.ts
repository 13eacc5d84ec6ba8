import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where image files live. Keys are relative, slash-separated names such as `3f/3f9a…-tiny.webp`;
 * an object store can take the place of the disk by implementing the same four calls.
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

function isMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}

/** Files under one folder; writes land under a temporary name and are renamed into place. */
export class DiskImageStore implements ImageStore {
  readonly name = 'disk';
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    // Keys are made by the server, but a bad one must never reach outside the folder.
    if (!KEY_PATTERN.test(key)) throw new Error(`Invalid image key "${key}".`);
    const path = resolve(this.root, key);
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
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    let handle;
    try {
      handle = await open(this.path(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      return { stream: createReadStream('', { fd: handle, autoClose: true }), size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}

/** The store the server is configured with: files under `DATA_DIR/images`. */
export function createImageStore(config: { dataDir: string }): ImageStore {
  return new DiskImageStore(join(config.dataDir, 'images'));
}
