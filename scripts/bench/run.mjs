// `npm run bench`: installs what is needed, then runs the benchmark (scripts/bench/bench.ts).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureApiBuilt, ensureInstalled, ensureWebBuilt, root } from '../lib/prepare.mjs';

await ensureInstalled();
// The API is measured as `npm start` runs it: compiled.
await ensureApiBuilt();
// The page measurement and the drawn page's workload serve the production build.
await ensureWebBuilt();
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/bench/bench.ts'), ...process.argv.slice(2)], {
  cwd: join(root, 'api'),
  stdio: 'inherit',
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
