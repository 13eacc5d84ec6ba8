// Prints what a visitor downloads, gzip-compressed: the shell (the entry and everything it imports
// statically, and the app's one stylesheet) and, for each chunk loaded on demand (a page, a dialog,
// a library), the script it adds to the shell.
import { gzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';

interface ChunkInfo {
  fileName: string;
  /** The chunk's name, without hash: the fallback when it has no single source file. */
  name: string;
  code: string;
  imports: string[];
  dynamicImports: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
  isDynamicEntry: boolean;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function closure(start: string, chunks: Map<string, ChunkInfo>): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const next of chunks.get(fileName)?.imports ?? []) visit(next);
  };
  visit(start);
  return seen;
}

/**
 * What a dynamic chunk stands for, from its source file: `src/app/routes/settings.tsx` → `settings`,
 * `src/features/search/components/search-modal.tsx` → `features/search/components/search-modal`, a
 * library loaded on demand → its package name.
 */
function pageName(chunk: ChunkInfo): string {
  const source = (chunk.facadeModuleId ?? chunk.fileName).replaceAll('\\', '/');
  const library = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
  if (library?.[1]) return library[1];
  const match = /src\/(.+)\.[jt]sx?$/.exec(source);
  return match?.[1] ? match[1].replace(/^app\/routes\//, '') : chunk.name;
}

/** The report's lines for a finished bundle. */
function sizeReport(bundle: Rollup.OutputBundle): string[] {
  const chunks = new Map<string, ChunkInfo>();
  const gzipped = new Map<string, number>();
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk') {
      chunks.set(output.fileName, {
        fileName: output.fileName,
        name: output.name,
        code: output.code,
        imports: output.imports,
        dynamicImports: output.dynamicImports,
        facadeModuleId: output.facadeModuleId,
        isEntry: output.isEntry,
        isDynamicEntry: output.isDynamicEntry,
      });
      gzipped.set(output.fileName, gzipSync(output.code).length);
    } else if (output.fileName.endsWith('.css')) {
      gzipped.set(output.fileName, gzipSync(output.source).length);
    }
  }
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) return [];

  const scriptOf = (files: Set<string>) => [...files].reduce((sum, file) => sum + (gzipped.get(file) ?? 0), 0);
  const styles = [...gzipped].filter(([file]) => file.endsWith('.css')).reduce((sum, [, size]) => sum + size, 0);

  const shell = closure(entry.fileName, chunks);
  const loadedOnDemand = new Set([...chunks.values()].flatMap((chunk) => chunk.dynamicImports));
  const rows = [...chunks.values()]
    // A module imported on demand in one place and statically elsewhere is not counted as a
    // dynamic entry; being the target of a dynamic import is what matters here.
    .filter((chunk) => chunk.isDynamicEntry || loadedOnDemand.has(chunk.fileName))
    .map((chunk) => {
      const added = new Set([...closure(chunk.fileName, chunks)].filter((file) => !shell.has(file)));
      return { name: pageName(chunk), js: scriptOf(added) };
    })
    .sort((a, b) => b.js - a.js);

  const width = Math.max(12, ...rows.map((row) => row.name.length + 2));
  const line = (name: string, js: number) => `  ${name.padEnd(width)}  ${kb(js).padStart(9)} JS`;
  return [
    'Downloaded size, gzip:',
    `${line('shell', scriptOf(shell))}  ${kb(styles).padStart(8)} CSS`,
    ...rows.map((row) => line(`+ ${row.name}`, row.js)),
  ];
}

export function chunkSizes(): Plugin {
  let report: string[] = [];
  return {
    name: 'quorum-chunk-sizes',
    apply: 'build',
    // Last, once the app's stylesheet is in the bundle too.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        report = sizeReport(bundle);
      },
    },
    // Printed after Vite's own list of files, so that it is the last thing the build says.
    closeBundle() {
      if (report.length > 0) console.log(`\n${report.join('\n')}\n`);
      report = [];
    },
  };
}
