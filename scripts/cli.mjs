// `npm run cli -- <command> [args]`: the command-line administration of api/src/cli.ts, on the
// same data folder as `npm start`.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { dataDir, ensureApiBuilt, ensureInstalled, root } from './lib/prepare.mjs';

await ensureInstalled();
await ensureApiBuilt();

// INIT_CWD (set by npm) is where the command was typed: file arguments are relative to it.
const env = { ...process.env, DATA_DIR: dataDir(), INIT_CWD: process.env.INIT_CWD || process.cwd() };
const cli = spawn(process.execPath, ['dist/cli.mjs', ...process.argv.slice(2)], {
  cwd: join(root, 'api'),
  env,
  stdio: 'inherit',
});

process.on('SIGINT', () => {});
cli.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
