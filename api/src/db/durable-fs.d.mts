import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

export declare const durableStartParams: string[];

export declare class DurableNodeFS extends NodeFS {
  constructor(dataDir: string, sync?: (fd: number) => void);
}

export declare function openDurable(dir: string, options?: Omit<PGliteOptions, 'fs' | 'startParams'>): Promise<PGlite>;
