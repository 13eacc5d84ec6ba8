// The lint of every package: TypeScript, one-way imports in floors, no import cycle, the rules of
// hooks and kebab-case file names. `npm test` runs it from the repository's root, where
// eslint.config.js hands over to this file.
//
// The parser needs TypeScript's JavaScript API, which TypeScript 7 (the native `tsc` of the type
// check) no longer ships; that is why this package pins TypeScript 5 for the linter alone.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('../..', import.meta.url));

const entriesOf = (dir, { folders }) =>
  readdirSync(new URL(`../../${dir}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => (folders ? entry.isDirectory() : entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')))
    .map((entry) => entry.name.replace(/\.tsx?$/, ''));

// ---------------------------------------------------------------------------------------------
// The API, bottom up. A folder (or top-level file) imports only itself and the floors below it, so
// no two folders import each other: platform → the content read model → domains → app. Route
// files (`routes.ts`, `*-routes.ts`) sit above every domain's other files: nothing but a route
// file or the app imports one. A new folder goes on a floor here, or the lint refuses to run.
const apiFloors = [
  // Platform: configuration, the database, outbound connections, metrics and the log, the job
  // queue, HTTP primitives.
  ['paths', 'files'],
  ['config'],
  ['db', 'outbound', 'metrics', 'logs'],
  ['jobs', 'cluster'],
  ['mail'],
  ['http', 'schema'],
  // Sessions and the anti-forgery token; then the services every domain uses.
  ['auth'],
  ['site', 'images', 'analytics', 'idempotency', 'mutes', 'votes', 'drafts', 'sessions'],
  ['links', 'notifications', 'backups'],
  // The content read model: loading and presenting posts, comments and their communities.
  ['content'],
  // The moderation log, which every moderating domain writes to (IP blocks included).
  ['modlog'],
  ['ipblocks'],
  // Domains: writes, policies and their own job handlers.
  ['users', 'reports'],
  ['passkeys'],
  // Watched words and new-member limits, which posting and commenting screen with.
  ['automod'],
  ['communities'],
  ['posts', 'community-requests'],
  ['comments', 'lists', 'search'],
  // The approval queue, which publishes or removes held posts and comments.
  ['approvals'],
  ['admin', 'initial', 'health', 'exports', 'syndication', 'pages'],
  ['seed'],
  // Composition.
  ['app'],
  ['server', 'cli'],
];

const apiFolders = entriesOf('api/src', { folders: true });
const apiEntries = [...apiFolders, ...entriesOf('api/src', { folders: false })];
const placed = apiFloors.flat();
const unplaced = apiEntries.filter((name) => !placed.includes(name));
if (unplaced.length > 0) throw new Error(`api/src/${unplaced.join(', api/src/')}: put it on a floor in scripts/lint/eslint.config.js.`);

const apiPath = (name) => (apiFolders.includes(name) ? `./api/src/${name}` : `./api/src/${name}.ts`);

const apiZones = apiFloors.flatMap((floor, level) =>
  floor.map((name) => ({
    target: apiPath(name),
    from: apiFloors.slice(level).flat().filter((other) => other !== name).map(apiPath),
    message: `api/src/${name} may import only the floors below it (scripts/lint/eslint.config.js); move what both need down a floor.`,
  })),
);

const routeZone = {
  target: './api/src/*/!(*routes).ts',
  from: './api/src/*/*routes.ts',
  message: 'Only route files and the app import route files; move what is shared into the domain.',
};

// The packages: shared at the bottom, the client on it; the API, the web app and the service worker
// use them and never each other.
const packageZones = [
  { target: './packages/shared', from: ['./packages/client', './api', './web', './sw'], message: 'packages/shared imports no other package of the project.' },
  { target: './packages/client', from: ['./api', './web', './sw'], message: 'packages/client imports only packages/shared.' },
  { target: './sw', from: ['./api', './web'], message: 'The service worker imports only packages/.' },
  { target: './api/src', from: ['./web', './sw', './packages/client'], message: 'The API imports only packages/shared.' },
  { target: './web', from: ['./api', './sw/src'], message: 'The web app imports only packages/ (and the service worker through its build).' },
];

// ---------------------------------------------------------------------------------------------
// The web app: app → features → components, lib, hooks, config → packages. Shared code never
// reaches up into a feature or the app, and a feature never imports another one: what two features
// share lives below them, in components/ or lib/.
const features = entriesOf('web/src/features', { folders: true });
const webShared = ['./web/src/components', './web/src/lib', './web/src/hooks', './web/src/config'];

const webZones = [
  ...webShared.map((target) => ({
    target,
    from: ['./web/src/app', './web/src/features'],
    message: 'Shared code may not import the app or a feature; move what they share down instead.',
  })),
  {
    target: './web/src/lib',
    from: './web/src/components',
    message: 'lib/ holds no visual components; keep the component in components/ and the logic here.',
  },
  { target: './web/src/features', from: './web/src/app', message: 'A feature may not import the app that composes it.' },
  ...features.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'A feature may not import another feature; move what they share into components/ or lib/.',
  })),
];

/** File and folder names in kebab-case (a leading dot aside), as STYLE.md asks. */
const kebabCaseFiles = {
  meta: { type: 'suggestion', schema: [], messages: { name: 'File and folder names are kebab-case: {{name}}.' } },
  create(context) {
    const relative = context.filename.slice(context.filename.indexOf('/src/') + 1);
    const bad = relative.split('/').find((part) => !/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+)*$/.test(part));
    return {
      Program(node) {
        if (bad) context.report({ node, messageId: 'name', data: { name: bad } });
      },
    };
  },
};

const resolver = importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs'] });

export default tseslint.config(
  {
    ignores: ['**/node_modules/', '**/dist/', '**/dist-ssr/', '**/.data/', '**/.cache/', '**/*.config.ts', '**/*.config.js', '**/*.d.mts'],
  },
  {
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    extends: [tseslint.configs.recommended],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [resolver], 'import-x/ignore': ['/node_modules/'] },
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...apiZones, routeZone, ...packageZones, ...webZones] }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    plugins: { quorum: { rules: { 'kebab-case-files': kebabCaseFiles } } },
    rules: { 'quorum/kebab-case-files': 'error' },
  },
);
