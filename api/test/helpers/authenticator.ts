// A software authenticator for the passkey tests: it makes real ES256 passkeys with node:crypto and
// answers WebAuthn's create and get as a browser would hand them to the page (the JSON the
// @simplewebauthn/browser functions give), with 'none' attestation. Each answer can be bent (another
// origin, relying party or counter, no user verification) to see the server refuse it.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { PasskeyCreationOptions, PasskeyRequestOptions } from '@quorum/shared/entities/passkeys';

type Cbor = number | string | Uint8Array | ReadonlyMap<Cbor, Cbor>;

/** A CBOR item's first bytes: its major type and its length or value. */
function cborHead(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) {
    const head = Buffer.from([(major << 5) | 25, 0, 0]);
    head.writeUInt16BE(value, 1);
    return head;
  }
  const head = Buffer.from([(major << 5) | 26, 0, 0, 0, 0]);
  head.writeUInt32BE(value, 1);
  return head;
}

/** CBOR of the few kinds an attestation object holds: integers, text, bytes and maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  return Buffer.concat([cborHead(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_BACKUP_ELIGIBLE = 0x08;
const FLAG_BACKED_UP = 0x10;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');

/** The public key as COSE (EC2, ES256, P-256), the form an authenticator reports. */
function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  if (!jwk.x || !jwk.y) throw new Error('not an EC key');
  return cbor(new Map<Cbor, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x, 'base64url')], [-3, Buffer.from(jwk.y, 'base64url')]]));
}

interface StoredCredential {
  id: Buffer;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

/** What a test may bend in an answer. */
export interface Bend {
  /** The origin the browser reports (the site's by default). */
  origin?: string;
  /** The relying party id whose hash the authenticator signs (the options' by default). */
  rpId?: string;
  /** The challenge signed (the options' by default). */
  challenge?: string;
  /** The member was verified (a PIN, a fingerprint): true by default. */
  userVerified?: boolean;
  /** The counter reported, instead of the next one. */
  counter?: number;
  /** The credential used to sign (the first one the options allow, or the newest made here). */
  credentialId?: string;
  /** The user handle given back (the credential's own by default). */
  userHandle?: string;
}

export class SoftAuthenticator {
  private readonly credentials: StoredCredential[] = [];

  /**
   * `origin` is the site's; `synced` makes passkeys backed up (as a password manager's are);
   * `counting` false makes the counter stay 0, as some platform authenticators do.
   */
  constructor(private readonly site: { origin: string; synced?: boolean; counting?: boolean }) {}

  private flags(extra: number, bend: Bend): number {
    const backup = this.site.synced ? FLAG_BACKUP_ELIGIBLE | FLAG_BACKED_UP : 0;
    return FLAG_USER_PRESENT | (bend.userVerified === false ? 0 : FLAG_USER_VERIFIED) | backup | extra;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, bend: Bend): string {
    return b64url(JSON.stringify({ type, challenge: bend.challenge ?? challenge, origin: bend.origin ?? this.site.origin, crossOrigin: false }));
  }

  /** navigator.credentials.create: a new passkey for the options' user. */
  create(options: PasskeyCreationOptions, bend: Bend = {}) {
    const rpId = options.rp.id ?? new URL(this.site.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = randomBytes(16);
    const credential: StoredCredential = { id, privateKey, rpId, userHandle: options.user.id, counter: 0 };
    this.credentials.push(credential);

    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(bend.rpId ?? rpId),
      Buffer.from([this.flags(FLAG_ATTESTED_CREDENTIAL, bend)]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      id,
      coseKey(publicKey),
    ]);
    const attestationObject = cbor(new Map<Cbor, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, bend),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The credential id of the newest passkey made here. */
  get lastId(): string {
    const last = this.credentials.at(-1);
    if (!last) throw new Error('no passkey made yet');
    return b64url(last.id);
  }

  /** Winds a passkey's counter back, as a copy of the authenticator made earlier would have it. */
  rewind(credentialId: string, counter: number): void {
    const credential = this.credentials.find((item) => b64url(item.id) === credentialId);
    if (!credential) throw new Error('no such passkey');
    credential.counter = counter;
  }

  /** navigator.credentials.get: a signature over the options' challenge with one of the passkeys made here. */
  get(options: PasskeyRequestOptions, bend: Bend = {}) {
    const allowed = options.allowCredentials?.map((item) => item.id);
    const wanted = bend.credentialId ?? allowed?.find((id) => this.credentials.some((item) => b64url(item.id) === id)) ?? this.lastId;
    const credential = this.credentials.find((item) => b64url(item.id) === wanted);
    if (!credential) throw new Error('no such passkey');
    if (this.site.counting !== false) credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(bend.counter ?? credential.counter);
    const authData = Buffer.concat([sha256(bend.rpId ?? options.rpId ?? credential.rpId), Buffer.from([this.flags(0, bend)]), counter]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, bend);
    const signature = sign('sha256', Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: bend.userHandle ?? credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
