import * as v from 'valibot';
import { PASSKEY_NAME_MAX } from '../constants.ts';
import { Messages } from '../errors.ts';

/** A passkey's name: 1 to PASSKEY_NAME_MAX characters once trimmed. */
export const passkeyName = v.pipe(
  v.string('Give the passkey a name.'),
  v.trim(),
  v.nonEmpty('Give the passkey a name.'),
  v.maxLength(PASSKEY_NAME_MAX, `A passkey name can be at most ${PASSKEY_NAME_MAX} characters.`),
);

const text = v.string(Messages.passkeyFailed);

/**
 * What the browser answered to navigator.credentials.create or .get, as JSON (WebAuthn's
 * RegistrationResponseJSON or AuthenticationResponseJSON), with the fields of `response` it
 * carries. Only its outline is checked here: the WebAuthn library on the server verifies the rest.
 */
const credentialResponse = <const E extends v.ObjectEntries>(response: E) =>
  v.looseObject(
    {
      id: v.pipe(text, v.nonEmpty(Messages.passkeyFailed), v.maxLength(2048, Messages.passkeyFailed)),
      rawId: text,
      type: v.literal('public-key', Messages.passkeyFailed),
      response: v.looseObject({ clientDataJSON: text, ...response }, Messages.passkeyFailed),
      clientExtensionResults: v.optional(v.looseObject({}, Messages.passkeyFailed), {}),
    },
    Messages.passkeyFailed,
  );

/** A new passkey (navigator.credentials.create). */
const attestationResponse = credentialResponse({ attestationObject: text });

/** A signature made with a passkey (navigator.credentials.get). */
const assertionResponse = credentialResponse({ authenticatorData: text, signature: text, userHandle: v.nullish(text) });

/**
 * The browser's answer as the client sends it: the WebAuthn library's own JSON types (interfaces)
 * fit this shape.
 */
export interface PasskeyCredentialJson {
  id: string;
  rawId: string;
  type: string;
  response: object;
  clientExtensionResults?: object;
  authenticatorAttachment?: string;
}

/** POST /api/passkeys: the new passkey, and the name to give it (one is made up when absent). */
export const addPasskeyBody = v.object(
  {
    response: attestationResponse,
    name: v.optional(passkeyName),
  },
  Messages.passkeyFailed,
);
export interface AddPasskeyBody {
  response: PasskeyCredentialJson;
  name?: string;
}

/** PATCH /api/passkeys/{id} */
export const renamePasskeyBody = v.object({ name: passkeyName }, 'Give the passkey a name.');
export type RenamePasskeyBody = v.InferInput<typeof renamePasskeyBody>;

/** POST /api/_passkey_login and /api/_passkey_check: the browser's signature. */
export const passkeyAssertionBody = v.object({ response: assertionResponse }, Messages.passkeyFailed);
export interface PasskeyAssertionBody {
  response: PasskeyCredentialJson;
}
