import * as v from 'valibot';
import { USER_GROUPS } from '../constants.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in any case, the form of the ids the database hands out. */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}

/** An opaque id as the API hands it out. */
export const id = v.pipe(v.string('Invalid id.'), v.trim(), v.nonEmpty('Invalid id.'), v.maxLength(64, 'Invalid id.'));
export const userGroup = v.picklist(USER_GROUPS, 'Invalid user group.');

/** A UUID in a query string; anything else fails with `message`. */
export const uuidParam = (message: string) => v.pipe(v.string(message), v.check(isUuid, message));

/** An optional "true" or "false" in a query string. */
export const flagParam = (message?: string) => v.optional(v.picklist(['true', 'false'], message));

/** An optional page cursor in a query string (the API checks what it holds). */
export const cursorParam = v.optional(v.string());
