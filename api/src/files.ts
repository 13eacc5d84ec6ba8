// Reading the server's own files (uploaded images, data archives) from the disk.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';

/** The error of a file (or one of its folders) that is not there. */
export function isMissingFile(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}

/** A stream of the file at `path` and its size, or null when there is none. */
export async function openFile(path: string): Promise<{ stream: Readable; size: number } | null> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (isMissingFile(error)) return null;
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
