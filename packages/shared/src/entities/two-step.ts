import { Type, type Static } from '@sinclair/typebox';

/** GET /api/two_step: whether the member signs in with a code after the password, and how many backup codes they have left. */
export const TwoStepStatus = Type.Object({
  enabled: Type.Boolean(),
  /** Backup codes not used yet (0 while two-step sign-in is off). */
  backupCodesLeft: Type.Integer(),
});
export type TwoStepStatus = Static<typeof TwoStepStatus>;

/** POST /api/two_step/_setup: the new secret for the authenticator app, to scan or to type. */
export const TwoStepSetup = Type.Object({
  /** The secret in base32, as authenticator apps take it when typed. */
  secret: Type.String(),
  /** The otpauth:// address the QR code holds. */
  uri: Type.String(),
  /** The QR code of `uri`, as an SVG document. */
  qrSvg: Type.String(),
});
export type TwoStepSetup = Static<typeof TwoStepSetup>;

/** A fresh set of backup codes, shown this once: each works one time instead of a code from the app. */
export const BackupCodes = Type.Object({ backupCodes: Type.Array(Type.String()) });
export type BackupCodes = Static<typeof BackupCodes>;

/**
 * The answer of a login (or a password reset) of an account with two-step sign-in: the password
 * was right, and no session starts until a code is given (POST /api/_login_code).
 */
export const SecondStep = Type.Object({ secondStep: Type.Literal('code') });
export type SecondStep = Static<typeof SecondStep>;

/** Whether an answer asks for the second step rather than being the account. */
export const isSecondStep = (answer: object): answer is SecondStep => 'secondStep' in answer;
