import * as v from 'valibot';
import { CONTENT_TYPES, LIST_DESCRIPTION_MAX, LIST_DISPLAY_NAME_MAX, LIST_NAME_MAX, LIST_NAME_PATTERN } from '../constants.ts';
import { id } from './common.ts';

export const listName = v.pipe(
  v.string('Name cannot be empty.'),
  v.trim(),
  v.nonEmpty('Name cannot be empty.'),
  v.maxLength(LIST_NAME_MAX, `Name has to be at most ${LIST_NAME_MAX} characters.`),
  v.regex(LIST_NAME_PATTERN, 'Name can only contain letters, digits, dashes and underscores.'),
);

/** POST /api/users/{username}/lists and PUT /api/lists/{id} */
export const listBody = v.object({
  name: listName,
  displayName: v.pipe(v.string('Name cannot be empty.'), v.trim(), v.nonEmpty('Name cannot be empty.'), v.maxLength(LIST_DISPLAY_NAME_MAX)),
  description: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(LIST_DESCRIPTION_MAX))), null),
  public: v.optional(v.boolean(), false),
});

/** POST and DELETE /api/lists/{id}/items */
export const listItemBody = v.object({ targetId: id, targetType: v.picklist(CONTENT_TYPES, 'Unknown item type.') });
