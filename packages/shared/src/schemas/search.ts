import * as v from 'valibot';
import { SEARCH_QUERY_MAX, SEARCH_SORTS, SEARCH_TYPES } from '../constants.ts';
import { Messages } from '../errors.ts';

const text = v.pipe(v.string(Messages.searchTooLong), v.maxLength(SEARCH_QUERY_MAX, Messages.searchTooLong));
const name = (message: string) => v.pipe(v.string(message), v.trim(), v.regex(/^@?[A-Za-z0-9_]{1,40}$/, message));

/** GET /api/search: `q` may hold modifiers (see parseSearch); the parameters stand for them when both are given. */
export const searchQuery = v.object({
  q: v.optional(text, ''),
  type: v.optional(v.picklist(SEARCH_TYPES, 'Invalid search type.')),
  sort: v.optional(v.picklist(SEARCH_SORTS, 'Invalid sort.')),
  community: v.optional(name('Invalid community name.')),
  author: v.optional(name('Invalid username.')),
  next: v.optional(v.string()),
});

/** GET /api/search/suggest. */
export const suggestQuery = v.object({ q: v.optional(text, '') });
