import { Type, type Static } from '@sinclair/typebox';
import { Nullable, OneOf } from './schema.ts';

/** One of the member's passkeys, as they see it in Settings. */
export const Passkey = Type.Object({
  id: Type.String(),
  /** The member's name for it ("Chrome on Android", "Work laptop"). */
  name: Type.String(),
  createdAt: Type.String(),
  /** The last sign-in or identity check made with it; null until then. */
  lastUsedAt: Nullable(Type.String()),
  /** Synced to the member's other devices by its provider (a password manager, the system's keychain). */
  backedUp: Type.Boolean(),
});
export type Passkey = Static<typeof Passkey>;

/** GET /api/passkeys: the member's passkeys, the oldest first. */
export const Passkeys = Type.Object({ passkeys: Type.Array(Passkey) });
export type Passkeys = Static<typeof Passkeys>;

/** How a browser may reach an authenticator (WebAuthn's AuthenticatorTransport). */
export const PASSKEY_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
export type PasskeyTransport = (typeof PASSKEY_TRANSPORTS)[number];

const USER_VERIFICATION = ['discouraged', 'preferred', 'required'] as const;

/** A credential the browser is told about (one to leave out, or one it may use). */
const CredentialDescriptor = Type.Object({
  id: Type.String(),
  type: OneOf(['public-key'] as const),
  transports: Type.Optional(Type.Array(OneOf(PASSKEY_TRANSPORTS))),
});

/**
 * POST /api/passkeys/_options: what the browser needs to create a passkey
 * (WebAuthn's PublicKeyCredentialCreationOptionsJSON), for navigator.credentials.create.
 */
export const PasskeyCreationOptions = Type.Object({
  challenge: Type.String(),
  rp: Type.Object({ name: Type.String(), id: Type.Optional(Type.String()) }),
  user: Type.Object({ id: Type.String(), name: Type.String(), displayName: Type.String() }),
  pubKeyCredParams: Type.Array(Type.Object({ alg: Type.Number(), type: OneOf(['public-key'] as const) })),
  timeout: Type.Optional(Type.Number()),
  excludeCredentials: Type.Optional(Type.Array(CredentialDescriptor)),
  authenticatorSelection: Type.Optional(
    Type.Object({
      authenticatorAttachment: Type.Optional(OneOf(['platform', 'cross-platform'] as const)),
      requireResidentKey: Type.Optional(Type.Boolean()),
      residentKey: Type.Optional(OneOf(USER_VERIFICATION)),
      userVerification: Type.Optional(OneOf(USER_VERIFICATION)),
    }),
  ),
  hints: Type.Optional(Type.Array(OneOf(['hybrid', 'security-key', 'client-device'] as const))),
  attestation: Type.Optional(OneOf(['none', 'indirect', 'direct', 'enterprise'] as const)),
  extensions: Type.Optional(Type.Object({ credProps: Type.Optional(Type.Boolean()) })),
});
export type PasskeyCreationOptions = Static<typeof PasskeyCreationOptions>;

/**
 * POST /api/_passkey_login_options and /api/_passkey_check_options: what the browser needs to
 * sign with a passkey (WebAuthn's PublicKeyCredentialRequestOptionsJSON), for navigator.credentials.get.
 */
export const PasskeyRequestOptions = Type.Object({
  challenge: Type.String(),
  timeout: Type.Optional(Type.Number()),
  rpId: Type.Optional(Type.String()),
  /** Absent when signing in: the browser offers every passkey it holds for the site. */
  allowCredentials: Type.Optional(Type.Array(CredentialDescriptor)),
  userVerification: Type.Optional(OneOf(USER_VERIFICATION)),
});
export type PasskeyRequestOptions = Static<typeof PasskeyRequestOptions>;
