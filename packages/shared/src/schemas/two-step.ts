import * as v from 'valibot';
import { PASSWORD_MAX } from '../constants.ts';
import { Messages } from '../errors.ts';

/** Longer input than any code with its spaces and dashes is not a code. */
const CODE_INPUT_MAX = 40;

/**
 * A code from the authenticator app or a backup code, as typed: spaces and dashes are dropped and
 * letters made lower case, so that `ABCD EFGH IJ` reads as `abcd-efgh-ij`.
 */
export const code = v.pipe(
  v.optional(v.string(Messages.codeRequired), ''),
  v.maxLength(CODE_INPUT_MAX, Messages.invalidCode),
  v.transform((value) => value.replace(/[\s-]/g, '').toLowerCase()),
  v.nonEmpty(Messages.codeRequired),
);

/** POST /api/_login_code and POST /api/two_step/_enable */
export const codeBody = v.object({ code });
export type CodeBody = v.InferInput<typeof codeBody>;

/** POST /api/two_step/_disable */
export const disableTwoStepBody = v.object({
  password: v.pipe(
    v.optional(v.string('Enter your password.'), ''),
    v.nonEmpty('Enter your password.'),
    // Longer than any password can be: refused without hashing it.
    v.maxLength(PASSWORD_MAX, Messages.invalidPassword),
  ),
});
export type DisableTwoStepBody = v.InferInput<typeof disableTwoStepBody>;
