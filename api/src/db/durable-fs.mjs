// Durable commits for PGlite on Node. PGlite starts Postgres with fsync off (`-F`), and its Node
// filesystem (Emscripten's NODEFS) has no fsync at all: fsync(2) and fdatasync(2) from Postgres end
// in the page cache, so an OS crash or power loss can lose acknowledged commits. Here Postgres runs
// with fsync on and syncs its WAL with plain fsync (Emscripten's fdatasync is a no-op), and the
// filesystem passes each fsync to the kernel.
import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { NodeFS } from '@electric-sql/pglite/nodefs';

export const durableStartParams = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c', 'fsync=on',
  '-c', 'synchronous_commit=on',
  '-c', 'wal_sync_method=fsync',
  // The buffer pool lives in the WebAssembly memory, which never shrinks once pages are touched;
  // the default (128 MB) alone would take the process past 300 MB. Pages it does not hold are read
  // through the operating system's file cache.
  '-c', 'shared_buffers=16MB',
];

export class DurableNodeFS extends NodeFS {
  #sync;

  /** `sync` flushes one open file descriptor to the disk. */
  constructor(dataDir, sync = fsyncSync) {
    super(dataDir);
    this.#sync = sync;
  }

  async init(pg, opts) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const addFsync = (mod) => {
      const nodefs = mod.FS.filesystems.NODEFS;
      // tryFSOperation turns a Node error into the errno Postgres expects (it PANICs on a failed WAL sync).
      nodefs.stream_ops.fsync = (stream) => {
        nodefs.tryFSOperation(() => this.#sync(stream.nfd));
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), addFsync] } };
  }
}

/** Opens the database in `dir` with durable commits, and the extensions the schema uses. */
export function openDurable(dir, options = {}) {
  return PGlite.create({ ...options, fs: new DurableNodeFS(dir), startParams: durableStartParams, extensions: { btree_gin } });
}
