import type { FastifyRequest } from 'fastify';
import { Messages } from '@quorum/shared/errors';
import { badRequest } from './errors.ts';

// A %-escape of a letter, digit or one of -._~ (RFC 3986 "unreserved"): such an address means the
// same as its plain spelling, so only a client trying to slip past a check would send one.
const ESCAPED_UNRESERVED = /%(?:[46][1-9A-Fa-f]|[57][0-9Aa]|3[0-9]|2[Dd]|2[Ee]|5[Ff]|7[Ee])/;

// An empty segment, a `.` or `..` segment, or a `;` (which the router reads as the path's end).
const ODD_SEGMENT = /\/\/|\/\.\.?(?:\/|$)|;/;

/**
 * Refuses any request whose path spells a route in other than its one plain form. The router
 * forgives these spellings; a check that reads the raw address would not.
 */
export async function refuseNonCanonicalPath(request: FastifyRequest): Promise<void> {
  const path = request.url.split('?')[0] ?? request.url;
  if (ESCAPED_UNRESERVED.test(path) || ODD_SEGMENT.test(path)) throw badRequest(Messages.nonCanonicalPath);
}
