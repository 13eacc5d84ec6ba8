// Lint of the web app: TypeScript, the rules of hooks, one-way imports and kebab-case file names.
// Imports run one way: app → features → components, lib, hooks, config → packages. Shared code never
// reaches up into a feature or the app, and a feature never imports another one: what two features
// share lives below them, in components/ or lib/.
//
// The parser needs TypeScript's JavaScript API, which TypeScript 7 (the native `tsc` of the type
// check) no longer ships; that is why this package pins TypeScript 5 for the linter alone.
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const shared = ['./src/components', './src/lib', './src/hooks', './src/config'];

const importZones = [
  ...shared.map((target) => ({
    target,
    from: ['./src/app', './src/features'],
    message: 'Shared code may not import the app or a feature; move what they share down instead.',
  })),
  {
    target: './src/lib',
    from: './src/components',
    message: 'lib/ holds no visual components; keep the component in components/ and the logic here.',
  },
  { target: './src/features', from: './src/app', message: 'A feature may not import the app that composes it.' },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
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

export default tseslint.config(
  { ignores: ['dist/', 'e2e/', '*.config.ts', '*.config.js'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    plugins: { 'import-x': importX, quorum: { rules: { 'kebab-case-files': kebabCaseFiles } } },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: importZones }],
      'quorum/kebab-case-files': 'error',
    },
  },
);
