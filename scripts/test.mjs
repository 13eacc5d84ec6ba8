// `npm test`: install what is needed, type-check and lint, then run every test — unit and API tests (vitest, against
// the embedded database and a real Postgres server) and browser tests (Playwright in Chromium
// against the production build served by the real server). Ends with one line
// "N passed, M failed" summing all runners.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureApiBuilt, ensureInstalled, ensureWebBuilt, root } from './lib/prepare.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_ARGS = ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', '6379', '--save', '', '--appendonly', 'no'];
const reports = join(root, '.cache/test-reports');

function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('Installing Chromium for the browser tests…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`);
    process.exit(1);
  }
}

async function postgresReachable() {
  const { default: postgres } = await import('../api/node_modules/postgres/src/index.js');
  const sql = postgres(TEST_DATABASE_URL, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

function redisAnswers() {
  const ping = spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', '6379', 'ping'], { encoding: 'utf8' });
  return ping.stdout?.trim() === 'PONG';
}

/**
 * The tests of several API processes share rate limits through the local Redis: start it when it
 * is installed but not answering. Without it those tests fail, saying why.
 */
async function ensureRedis() {
  if (redisAnswers()) return;
  if (spawnSync('redis-server', REDIS_ARGS, { stdio: 'inherit' }).error) {
    console.log('\nNOTICE: no Redis answers on 127.0.0.1:6379 and redis-server is not installed (Debian: apt-get install redis-server).\n');
    return;
  }
  for (let i = 0; i < 50 && !redisAnswers(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

await ensureInstalled();
ensureChromium();
await ensureRedis();
await ensureApiBuilt();
await ensureWebBuilt();
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const projects = ['shared', 'web', 'web-ui', 'api-pglite'];
if (await postgresReachable()) {
  projects.push('api-postgres');
} else {
  console.log(`\nNOTICE: no Postgres server answers at ${TEST_DATABASE_URL}; the API tests run on the embedded database only.\n`);
}

// The type check counts as one test: the bundlers strip types without checking them.
console.log('Type-checking…');
const typecheckCode = await run(join(root, 'node_modules/.bin/tsc'), ['-b']);

// So does the lint of every package (floors and cycles of imports, rules of hooks, file names).
console.log('Linting…');
const lintCode = await run(join(root, 'scripts/lint/node_modules/.bin/eslint'), ['--max-warnings=0', '--cache', '--cache-location', 'node_modules/.cache/eslint/', '.'], {
  cwd: root,
});

const vitestJson = join(reports, 'vitest.json');
const vitestCode = await run(join(root, 'node_modules/.bin/vitest'), [
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);

const playwrightJson = join(reports, 'playwright.json');
const playwrightCode = await run(join(root, 'web/node_modules/.bin/playwright'), ['test'], {
  cwd: join(root, 'web'),
  env: { ...process.env, CHROMIUM_PATH: CHROMIUM, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
});

const vitest = readJson(vitestJson);
const playwright = readJson(playwrightJson);
const passed =
  (typecheckCode === 0 ? 1 : 0) + (lintCode === 0 ? 1 : 0) + (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
let failed = (typecheckCode === 0 ? 0 : 1) + (lintCode === 0 ? 0 : 1) + (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
// A runner that crashed before reporting counts as a failure.
if (vitestCode !== 0 && !vitest?.numFailedTests) failed += 1;
if (playwrightCode !== 0 && !playwright?.stats?.unexpected) failed += 1;

const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);
const failures = failedTitles(vitest, playwright, { typecheckCode, lintCode });
if (failures.length > 0) {
  console.log(`\nWhat failed:`);
  for (const title of failures) console.log(`  ${title}`);
}
const flaky = flakyTitles(playwright);
if (flaky.length > 0) {
  console.log(`\n${flaky.length} browser test(s) failed once and passed on the retry, a fault to find:`);
  for (const title of flaky) console.log(`  ${title}`);
}
if (!projects.includes('api-postgres')) console.log('\nThe API tests on Postgres did not run: no server answered (see the notice above).');
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped${projects.includes('api-postgres') ? '' : ', Postgres run left out'}`);
process.exit(failed > 0 || typecheckCode !== 0 || lintCode !== 0 || vitestCode !== 0 || playwrightCode !== 0 ? 1 : 0);

/** One line per failure, so the end of the output names what to look at. */
function failedTitles(vitestReport, playwrightReport, { typecheckCode, lintCode }) {
  const titles = [];
  if (typecheckCode !== 0) titles.push('the type check');
  if (lintCode !== 0) titles.push('the lint');
  for (const file of vitestReport?.testResults ?? []) {
    const name = relative(root, file.name ?? '');
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) titles.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (failedTests.length === 0 && file.status === 'failed') titles.push(`${name} (${file.message || 'the file failed to run'})`);
  }
  walkPlaywright(playwrightReport, (title, test) => {
    if (test.status === 'unexpected') titles.push(title);
  });
  return titles;
}

function firstLine(message) {
  return (message ?? '').split('\n')[0].slice(0, 300);
}

function walkPlaywright(report, visit) {
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) visit([...path, spec.title].join(' › '), test);
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, [suite.title]);
}

/** The titles of the browser tests that passed only on their retry, from Playwright's JSON report. */
function flakyTitles(report) {
  const titles = [];
  walkPlaywright(report, (title, test) => {
    if (test.status === 'flaky') titles.push(title);
  });
  return titles;
}
