// `node scripts/pnpm.mjs ARGS…` runs the pinned pnpm, so npm scripts work without a global pnpm.
import { runPnpm } from './lib/pnpm.mjs';

process.exitCode = await runPnpm(process.argv.slice(2));
