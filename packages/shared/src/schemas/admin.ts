import * as v from 'valibot';
import { DENY_NOTE_MAX, EMAIL_MAX, EMAIL_PATTERN } from '../constants.ts';
import { Messages } from '../errors.ts';
import { id } from './common.ts';

const name = v.pipe(v.string(), v.trim(), v.nonEmpty('A name is required.'));

/** POST /api/_admin */
export const adminActionBody = v.variant('action', [
  v.object({
    action: v.literal('ban_user'),
    username: name,
    deleteContentDays: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0)))),
  }),
  v.object({ action: v.literal('unban_user'), username: name }),
  v.object({ action: v.literal('add_default_forum'), name }),
  v.object({ action: v.literal('remove_default_forum'), name }),
  v.object({
    action: v.literal('deny_comm'),
    id,
    body: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(DENY_NOTE_MAX, `The note has to be at most ${DENY_NOTE_MAX} characters.`)))),
  }),
], 'Unknown action.');

/** PUT /api/site_settings */
export const siteSettingsBody = v.object({
  signupsDisabled: v.optional(v.boolean()),
  imagePostSubmitReqPoints: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  linkPostSubmitReqPoints: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  communityCreateReqPoints: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** Empty hides the Contact links. */
  contactEmail: v.optional(
    v.pipe(
      v.string(Messages.invalidEmail),
      v.trim(),
      v.maxLength(EMAIL_MAX, Messages.invalidEmail),
      v.check((value) => value === '' || EMAIL_PATTERN.test(value), Messages.invalidEmail),
    ),
  ),
});

/**
 * An IP block address: a full IP, a CIDR range, or an IPv4 wildcard whose trailing parts are `*`
 * (a `*` followed by a number is invalid). Wildcards become CIDR ranges.
 */
export function parseBlockAddress(input: string): { ip: string; maskedBits: number } | null {
  const value = input.trim();
  const cidr = /^([0-9a-fA-F.:]+)\/(\d{1,3})$/.exec(value);
  if (cidr) {
    const bits = Number(cidr[2]);
    const ip = cidr[1] ?? '';
    const max = ip.includes(':') ? 128 : 32;
    return isIp(ip) && bits <= max ? { ip, maskedBits: bits } : null;
  }
  if (value.includes('*')) {
    const parts = value.split('.');
    if (parts.length !== 4) return null;
    const firstWild = parts.indexOf('*');
    if (firstWild === 0 || parts.slice(firstWild).some((p) => p !== '*')) return null;
    const fixed = parts.slice(0, firstWild);
    if (!fixed.every(isOctet)) return null;
    const wild = parts.length - firstWild;
    return { ip: [...fixed, ...Array(wild).fill('0')].join('.'), maskedBits: 32 - 8 * wild };
  }
  if (!isIp(value)) return null;
  return { ip: value, maskedBits: value.includes(':') ? 128 : 32 };
}

function isOctet(part: string): boolean {
  return /^\d{1,3}$/.test(part) && Number(part) <= 255;
}

function isIp(value: string): boolean {
  if (value.includes(':')) return /^[0-9a-fA-F:]+$/.test(value) && value.split(':').length <= 8 && value.length >= 2;
  const parts = value.split('.');
  return parts.length === 4 && parts.every(isOctet);
}

/** POST /api/ipblocks */
export const ipBlockBody = v.object({
  address: v.pipe(
    v.string('Invalid IP address.'),
    v.check((value) => parseBlockAddress(value) !== null, 'Invalid IP address.'),
  ),
  expiresIn: v.optional(
    v.nullable(v.union([v.pipe(v.number(), v.minValue(0)), v.pipe(v.string(), v.regex(/^\s*(\d+(\.\d+)?)?\s*$/, 'Invalid expires in value'))], 'Invalid expires in value')),
    null,
  ),
  note: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(1000))), null),
});
