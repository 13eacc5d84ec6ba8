// The archives' files, under DATA_DIR/exports, each named at random when asked for. A file is
// written under a temporary name of its own (two runs of one build never write into each other's)
// and put in place once its archive is marked ready.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../db/connect.ts';
import { isMissingFile, openFile } from '../files.ts';
import { deleteExports, listDeadExports, type ExportRow } from './queries.ts';

const NAME_PATTERN = /^[a-z0-9-]+\.json$/;
const TEMPORARY_SUFFIX = '.part';

/** A new file's name: 128 random bits, so that nobody finds a file by guessing. */
export const newExportFileName = () => `${randomBytes(16).toString('hex')}.json`;

export class ExportFiles {
  constructor(readonly dir: string) {}

  private path(name: string): string {
    if (!NAME_PATTERN.test(name)) throw new Error(`Invalid export file name "${name}".`);
    return join(this.dir, name);
  }

  /** Writes `text`, as it comes, into a temporary file for `name`; answers where, and its size in bytes. */
  async writeTemporary(name: string, text: AsyncIterable<string>): Promise<{ path: string; size: number }> {
    const path = `${this.path(name)}.${randomBytes(6).toString('hex')}${TEMPORARY_SUFFIX}`;
    await mkdir(this.dir, { recursive: true });
    try {
      await pipeline(text, createWriteStream(path));
      return { path, size: (await stat(path)).size };
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
  }

  /** Puts a temporary file in place as the file `name`. */
  async place(temporary: string, name: string): Promise<void> {
    await rename(temporary, this.path(name));
  }

  async discard(temporary: string): Promise<void> {
    await rm(temporary, { force: true });
  }

  /** A stream of the file and its size, or null when there is none. */
  open(name: string): Promise<{ stream: Readable; size: number } | null> {
    return openFile(this.path(name));
  }

  /** Removes the files; missing ones are no error. */
  async remove(names: readonly string[]): Promise<void> {
    await Promise.all(names.map((name) => rm(this.path(name), { force: true })));
  }

  /** Removes temporary files older than `ageMs`: those of builds that stopped half way (the process ended). */
  async removeAbandoned(ageMs: number): Promise<void> {
    const names = await readdir(this.dir).catch((error: unknown) => {
      if (isMissingFile(error)) return [];
      throw error;
    });
    const before = Date.now() - ageMs;
    const abandoned = async (path: string) => ((await stat(path).catch(() => null))?.mtimeMs ?? Infinity) < before;
    await Promise.all(
      names.filter((name) => name.endsWith(TEMPORARY_SUFFIX)).map(async (name) => {
        const path = join(this.dir, name);
        if (await abandoned(path)) await rm(path, { force: true });
      }),
    );
  }
}

export function createExportFiles(dataDir: string): ExportFiles {
  return new ExportFiles(join(dataDir, 'exports'));
}

/**
 * Removes the archives that are done with (see `listDeadExports`): their files first, then their
 * rows, so that a file that could not be removed is tried again next time. Answers how many.
 */
export async function removeDeadExports(
  db: Db,
  files: ExportFiles,
  options: { userId?: string; replacedBy?: ExportRow } = {},
): Promise<number> {
  const dead = await listDeadExports(db, options);
  await files.remove(dead.map((row) => row.fileName));
  await deleteExports(db, dead.map((row) => row.id));
  return dead.length;
}
