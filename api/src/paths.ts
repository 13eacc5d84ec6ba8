import { fileURLToPath } from 'node:url';

/**
 * The API's folder. This module lies one level below it, in src/, and the compiled server, which
 * contains it, lies one level below it too, in dist/: the files the API reads at run time (the
 * migrations, the embedded database's server script, the web app) are found from here either way.
 */
export const apiDir = fileURLToPath(new URL('../', import.meta.url));
