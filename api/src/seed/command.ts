// `npm run cli -- seed`: parses the seed command's arguments and prints its progress.
import type { Sql } from '../db/connect.ts';
import { checkSeededData, SEED_MEMBER, SEED_PASSWORD, SEED_PRESETS, seedDatabase, type SeedSizes } from './seed.ts';

export const SEED_USAGE = `seed [--preset small|large] [--users N] [--communities N] [--posts N] [--comments N] [--votes N] [--seed N]
                          fill an empty database with generated data (default: --preset small)`;

const SIZE_FLAGS = ['users', 'communities', 'posts', 'comments', 'votes'] as const;

function parseCount(flag: string, text: string | undefined): number {
  const value = Number(text);
  if (text === undefined || !Number.isSafeInteger(value) || value < 0) throw new Error(`--${flag} needs a whole number.`);
  return value;
}

/** The sizes and seed the arguments ask for; a preset first, then single sizes over it. */
export function parseSeedArgs(args: string[]): SeedSizes & { seed: number } {
  let sizes: SeedSizes = SEED_PRESETS.small;
  let seed = 1;
  const overrides: Partial<SeedSizes> = {};
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i]?.replace(/^--/, '') ?? '';
    const value = args[i + 1];
    if (flag === 'preset') {
      if (value !== 'small' && value !== 'large') throw new Error('--preset is small or large.');
      sizes = SEED_PRESETS[value];
    } else if (flag === 'seed') {
      seed = parseCount(flag, value);
    } else if ((SIZE_FLAGS as readonly string[]).includes(flag)) {
      overrides[flag as (typeof SIZE_FLAGS)[number]] = parseCount(flag, value);
    } else {
      throw new Error(`Unknown option ${args[i]}.\n\n${SEED_USAGE}`);
    }
  }
  const result = { ...sizes, ...overrides, seed };
  if (result.users < 2 || result.communities < 1) throw new Error('A seed needs at least 2 users and 1 community.');
  return result;
}

function bar(done: number, total: number): string {
  const width = 24;
  const filled = Math.round((done / total) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
}

export async function runSeed(sql: Sql, args: string[]): Promise<string> {
  const options = parseSeedArgs(args);
  const started = Date.now();
  const report = await seedDatabase(sql, {
    ...options,
    progress: (step, done, total) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stderr.write(`${bar(done, total)} ${done}/${total} ${step} (${seconds} s)\n`);
    },
  });
  await checkSeededData(sql);
  const rows = Object.entries(report.rows).map(([table, n]) => `  ${table.padEnd(18)} ${n.toLocaleString('en-US')}`);
  return [
    `Seeded in ${report.seconds.toFixed(1)} s (seed ${options.seed}):`,
    ...rows,
    `Every account's password is "${SEED_PASSWORD}"; user_0000001 is an admin, ${SEED_MEMBER} a member of the 20 busiest communities.`,
  ].join('\n');
}
