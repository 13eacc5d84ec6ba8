import { createECDH, randomBytes } from 'node:crypto';
import type { Db } from '../db/connect.ts';

/** Reads a value of the key-value store, creating it with `make` the first time. */
export async function getOrCreateAppData<T>(db: Db, key: string, make: () => T): Promise<T> {
  const [kept] = await db<{ value: T }[]>`select value from app_data where key = ${key}`;
  if (kept) return kept.value;
  await db`insert into app_data (key, value) values (${key}, ${db.json(make() as never)}) on conflict (key) do nothing`;
  const [row] = await db<{ value: T }[]>`select value from app_data where key = ${key}`;
  if (!row) throw new Error(`app_data ${key} is missing`);
  return row.value;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface AppSecrets {
  /** Key of the anti-forgery token HMAC. */
  sessionSecret: string;
  /** Key of the ghost ids of deleted accounts (see users/ghost.ts). */
  ghostSecret: string;
  vapid: VapidKeys;
}

/** A P-256 key pair for VAPID, as web push wants it: the public key uncompressed and the private one in 32 bytes, base64url. */
function newVapidKeys(): VapidKeys {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  const privateKey = keys.getPrivateKey();
  return {
    publicKey: keys.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString('base64url'),
  };
}

/** Secrets the server keeps in the database, generated on the first run. */
export async function loadAppSecrets(db: Db, vapidFromEnv?: Partial<VapidKeys>): Promise<AppSecrets> {
  const sessionSecret = await getOrCreateAppData(db, 'session_secret', () => randomBytes(32).toString('base64url'));
  const ghostSecret = await getOrCreateAppData(db, 'ghost_secret', () => randomBytes(32).toString('base64url'));
  const vapid =
    vapidFromEnv?.publicKey && vapidFromEnv.privateKey
      ? { publicKey: vapidFromEnv.publicKey, privateKey: vapidFromEnv.privateKey }
      : await getOrCreateAppData<VapidKeys>(db, 'vapid_keys', newVapidKeys);
  return { sessionSecret, ghostSecret, vapid };
}
