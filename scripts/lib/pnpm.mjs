// Runs pnpm at the pinned version: the one on PATH when it matches, otherwise through npx,
// which fetches it from the npm registry once and caches it.
import { spawn, spawnSync } from 'node:child_process';

export const PNPM_VERSION = '10.34.9';

let command;

function pnpmCommand() {
  if (command) return command;
  const local = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  command =
    local.status === 0 && local.stdout.trim() === PNPM_VERSION
      ? ['pnpm']
      : ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
  return command;
}

/** Runs pnpm with the given arguments; resolves with its exit code. */
export function runPnpm(args, options = {}) {
  const [bin, ...pre] = pnpmCommand();
  return new Promise((resolve, reject) => {
    const child = spawn(bin, [...pre, ...args], { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs pnpm and exits the process when it fails. */
export async function mustPnpm(args, options) {
  const code = await runPnpm(args, options);
  if (code !== 0) {
    console.error(`pnpm ${args.join(' ')} failed with exit code ${code}`);
    process.exit(code);
  }
}
