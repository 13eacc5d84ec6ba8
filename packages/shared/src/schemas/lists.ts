import * as v from 'valibot';
import {
  CONTENT_TYPES, DEFAULT_LIST_FILTER, DEFAULT_LIST_ORDER, LIST_DESCRIPTION_MAX, LIST_DISPLAY_NAME_MAX, LIST_FILTERS, LIST_NAME_MAX,
  LIST_NAME_PATTERN, LIST_ORDERS,
} from '../constants.ts';
import { Messages } from '../errors.ts';
import { cursorParam, id } from './common.ts';

/** A list's name: its URL slug. */
export const listName = v.pipe(
  v.string(Messages.listNameEmpty),
  v.trim(),
  v.nonEmpty(Messages.listNameEmpty),
  v.maxLength(LIST_NAME_MAX, `Name has to be at most ${LIST_NAME_MAX} characters.`),
  v.regex(LIST_NAME_PATTERN, 'Name can only contain letters, digits, dashes and underscores.'),
);

const displayName = v.pipe(
  v.string('Invalid display name.'),
  v.trim(),
  v.maxLength(LIST_DISPLAY_NAME_MAX, `Display name has to be at most ${LIST_DISPLAY_NAME_MAX} characters.`),
);

const description = v.nullable(
  v.pipe(v.string('Invalid description.'), v.maxLength(LIST_DESCRIPTION_MAX, `Description has to be at most ${LIST_DESCRIPTION_MAX} characters.`)),
);

const isPublic = v.boolean('Public has to be true or false.');

/** POST /api/users/{username}/lists: a display name left out or empty is the name. */
export const listBody = v.object({
  // A missing name is an empty one, with the same message.
  name: v.optional(listName, ''),
  displayName: v.optional(v.nullable(displayName)),
  description: v.optional(description, null),
  public: v.optional(isPublic, false),
});
export type ListBody = v.InferOutput<typeof listBody>;

/** PUT /api/lists/{id}: the fields given change, the others stay. */
export const updateListBody = v.object({
  name: v.optional(listName),
  displayName: v.optional(v.nullable(displayName)),
  description: v.optional(description),
  public: v.optional(isPublic),
});
export type UpdateListBody = v.InferOutput<typeof updateListBody>;

/** GET /api/users/{username}/lists */
export const listsQuery = v.object({
  sort: v.optional(v.picklist(LIST_ORDERS, 'Unknown sort.'), DEFAULT_LIST_ORDER),
  filter: v.optional(v.picklist(LIST_FILTERS, 'Unknown filter.'), DEFAULT_LIST_FILTER),
});
export type ListsQuery = v.InferOutput<typeof listsQuery>;

/** GET …/lists/{listName}/items */
export const listItemsQuery = v.object({ next: cursorParam });

/** POST and DELETE /api/lists/{id}/items */
export const listItemBody = v.object({ targetId: id, targetType: v.picklist(CONTENT_TYPES, 'Unknown item type.') });

/** GET /api/lists/_saved_to: the lists of the viewer that hold a post or a comment. */
export const savedToQuery = v.object({ id, type: v.picklist(CONTENT_TYPES, 'Unknown item type.') });
