// Steps shared by `npm start`, `npm test` and `npm run cli`: install dependencies, compile the API
// and build the web app, each only when its inputs changed since the last time.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mustPnpm } from './pnpm.mjs';

export const root = fileURLToPath(new URL('../../', import.meta.url));

/** The data folder: DATA_DIR, relative to the root, or `.data` there. */
export const dataDir = () => resolve(root, process.env.DATA_DIR || '.data');

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  const stat = statSync(dir);
  if (stat.isFile()) return [dir];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules' && entry.name !== 'dist' && !entry.name.startsWith('.'))
    .flatMap((entry) => filesUnder(join(dir, entry.name)));
}

/** A digest of the contents of the given files and folders (relative to the root). */
function digest(paths) {
  const hash = createHash('sha256');
  for (const file of paths.flatMap((p) => filesUnder(join(root, p))).sort()) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function isFresh(stampFile, value) {
  return existsSync(stampFile) && readFileSync(stampFile, 'utf8') === value;
}

function writeStamp(stampFile, value) {
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, value);
}

const manifests = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', 'api/package.json', 'web/package.json',
  'sw/package.json', 'packages/shared/package.json', 'packages/client/package.json', 'scripts/bench/package.json', 'scripts/lint/package.json'];

/** Installs the workspace's dependencies exactly as locked, unless nothing changed since last time. */
export async function ensureInstalled() {
  const stamp = join(root, 'node_modules/.quorum-install');
  const value = digest(manifests);
  if (isFresh(stamp, value) && existsSync(join(root, 'node_modules/.modules.yaml'))) return;
  console.log('Installing dependencies…');
  await mustPnpm(['install', '--frozen-lockfile'], { cwd: root });
  writeStamp(stamp, value);
}

const webInputs = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/build', 'sw/src', 'packages/shared/src',
  'packages/client/src', ...manifests];

const apiInputs = ['api/src', 'api/build.mjs', 'packages/shared/src', ...manifests];

/** Runs a package's build script, unless its inputs are unchanged since the build that left `output`. */
async function ensureBuilt({ pkg, inputs, output, message }) {
  const dist = join(root, dirname(output));
  const stamp = join(dist, '.quorum-build');
  const value = digest(inputs);
  if (isFresh(stamp, value) && existsSync(join(root, output))) return;
  console.log(message);
  await mustPnpm(['--filter', pkg, 'run', 'build'], { cwd: root });
  writeStamp(stamp, value);
}

/** Compiles the API for production (api/build.mjs). */
export const ensureApiBuilt = () => ensureBuilt({ pkg: '@quorum/api', inputs: apiInputs, output: 'api/dist/server.mjs', message: 'Compiling the API…' });

/** Builds the web app and service worker. */
export const ensureWebBuilt = () => ensureBuilt({ pkg: '@quorum/web', inputs: webInputs, output: 'web/dist/index.html', message: 'Building the web app…' });
