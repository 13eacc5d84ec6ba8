// `npm start`: install, build, migrate and serve Quorum (web app and API) on one port.
// With no DATABASE_URL the data lives in an embedded database in DATA_DIR (default ./.data).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { dataDir, ensureApiBuilt, ensureInstalled, ensureWebBuilt, root } from './lib/prepare.mjs';
import { serverNodeFlags } from './lib/server-flags.mjs';

await ensureInstalled();
await ensureApiBuilt();
await ensureWebBuilt();

const env = { ...process.env, DATA_DIR: dataDir() };
const server = spawn(process.execPath, [...serverNodeFlags(env), 'dist/server.mjs'], {
  cwd: join(root, 'api'),
  env,
  stdio: 'inherit',
});

// Ctrl-C reaches the server through the process group; it shuts down in order and we follow.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => server.kill('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
