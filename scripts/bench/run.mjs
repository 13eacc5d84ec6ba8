// `npm run bench`: installs what is needed, then runs the benchmark (scripts/bench/bench.ts).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstalled, ensureWebBuilt, root } from '../lib/prepare.mjs';

await ensureInstalled();
// The page measurement serves the production build.
if (!process.argv.includes('--no-page')) await ensureWebBuilt();
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/bench/bench.ts'), ...process.argv.slice(2)], {
  cwd: join(root, 'api'),
  stdio: 'inherit',
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
