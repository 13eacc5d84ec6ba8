import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { DEFAULT_SCRYPT_LOG_N } from '../config.ts';

/** scrypt's cost parameters; N is a power of two. Stored with each hash. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

// r = 8, p = 1; N = 2^17 by default (config.ts): 128 MiB of memory a hash. Hashes of a lower cost
// are upgraded at the next successful login (see `needsRehash`).
export const scryptCost = (logN: number): ScryptCost => ({ N: 2 ** logN, r: 8, p: 1 });
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const maxmem = 256 * cost.N * cost.r + 1024 * 1024;
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...cost, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashPassword(password: string, cost: ScryptCost = scryptCost(DEFAULT_SCRYPT_LOG_N)): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True when a stored hash was made with other cost parameters than `cost`. */
export function needsRehash(stored: string, cost: ScryptCost): boolean {
  const [, n, r, p] = stored.split('$');
  return Number(n) !== cost.N || Number(r) !== cost.r || Number(p) !== cost.p;
}

const dummyHashes = new Map<number, Promise<string>>();

/** Spends the time of a real check, so that unknown usernames answer as slowly as wrong passwords. */
export async function verifyAgainstNothing(password: string, cost: ScryptCost): Promise<void> {
  let dummy = dummyHashes.get(cost.N);
  if (!dummy) {
    dummy = hashPassword('not a real password', cost);
    dummyHashes.set(cost.N, dummy);
  }
  await verifyPassword(password, await dummy);
}
