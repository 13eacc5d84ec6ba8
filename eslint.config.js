// The lint's configuration lives with its dependencies, in scripts/lint.
export { default } from './scripts/lint/eslint.config.js';
