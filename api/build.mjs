// Compiles the API for production: the server and the command line, each bundled with the shared
// package into dist/ (one level below the API's folder, like src/, see src/paths.ts). The
// packages the API depends on stay in node_modules and are imported from there.
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const dist = new URL('./dist/', import.meta.url);

// Chunks of an earlier build would stay beside the new ones.
mkdirSync(dist, { recursive: true });
for (const file of readdirSync(dist, { withFileTypes: true }).filter((entry) => /\.mjs(\.map)?$/.test(entry.name))) {
  rmSync(new URL(file.name, dist));
}

await build({
  absWorkingDir: new URL('.', import.meta.url).pathname,
  entryPoints: ['src/server.ts', 'src/cli.ts'],
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@quorum/')),
  logLevel: 'warning',
});
