import type { FastifyReply } from 'fastify';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { isUuid } from '@quorum/shared/schemas/common';
import { badRequest } from './errors.ts';

/**
 * Opaque keyset cursors: the sort's name, the sort value of the last row and its id, in
 * base64url JSON. Clients hand them back unchanged; anything else is a 400.
 */
export interface Cursor {
  sort: string;
  value: string | number | null;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.value, cursor.id])).toString('base64url');
}

const invalidCursor = () => badRequest(Messages.invalidCursor, ErrorCode.invalidCursor);

/** What a sort's cursor may hold as its value; anything else is refused before it reaches SQL. */
export type CursorValueCheck = (value: Cursor['value']) => boolean;

export const cursorValue = {
  /** A count, score or hotness. */
  integer: (value: Cursor['value']) => typeof value === 'number' && Number.isSafeInteger(value),
  /** A count that cannot be negative, or microseconds since the epoch. */
  natural: (value: Cursor['value']) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0,
  /** No value: the id alone orders the rows. */
  none: (value: Cursor['value']) => value === null,
} satisfies Record<string, CursorValueCheck>;

/** Decodes a cursor made for `sort` whose value passes `valueOk`; undefined when none was given. */
export function decodeCursor(text: string | undefined, sort: string, valueOk: CursorValueCheck): Cursor | undefined {
  if (text === undefined || text === '' || text === 'null' || text === 'undefined') return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 3) {
      const [s, value, id] = parsed as unknown[];
      const valueTyped = value === null || typeof value === 'number' || typeof value === 'string';
      if (s === sort && valueTyped && valueOk(value as Cursor['value']) && typeof id === 'string' && isUuid(id)) {
        return { sort, value: value as Cursor['value'], id };
      }
    }
  } catch {
    // fall through to the error below
  }
  throw invalidCursor();
}

/**
 * A page of at most `limit` rows from a query that read one more, and the cursor of the page
 * after it (null when that extra row was not there).
 */
export function pageOf<T>(rows: T[], limit: number, cursorOf: (last: T) => Cursor): { rows: T[]; next: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, next: rows.length > limit && last ? encodeCursor(cursorOf(last)) : null };
}

/**
 * Names the next page of a list answered as a bare array, as the reference does: a `Link` header
 * whose rel="next" address is `path` with `query` and the page's cursor. Nothing on the last page.
 */
export function linkNextPage(reply: FastifyReply, path: string, query: Record<string, string>, next: string | null): void {
  if (!next) return;
  reply.header('Link', `<${path}?${new URLSearchParams({ ...query, next })}>; rel="next"`);
}
