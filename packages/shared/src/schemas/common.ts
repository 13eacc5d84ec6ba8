import * as v from 'valibot';
import { USER_GROUPS } from '../constants.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in any case, the form of the ids the database hands out. */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}

/**
 * True when a string anywhere in `input` (JSON, a query, path parameters) holds U+0000: no text
 * column can store it, so the API refuses such input whatever the field.
 */
export function containsNul(input: unknown): boolean {
  if (typeof input === 'string') return input.includes('\u0000');
  if (Array.isArray(input)) return input.some(containsNul);
  if (input !== null && typeof input === 'object') {
    return Object.entries(input).some(([key, value]) => key.includes('\u0000') || containsNul(value));
  }
  return false;
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
