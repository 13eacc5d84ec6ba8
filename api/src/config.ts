import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UPLOAD_MAX_BYTES } from '@quorum/shared/constants';
import { DEFAULT_SCRYPT_LOG_N } from './auth/passwords.ts';

export interface Config {
  port: number;
  host: string;
  /** Folder for the embedded database and uploaded images. */
  dataDir: string;
  /** A Postgres URL; unset means the embedded database in dataDir. */
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** The site's public address, used in links and to decide on secure cookies. */
  publicUrl: string;
  rateLimit: boolean;
  /** Secret for captcha verification; unset means no captcha. */
  captchaSecret: string | undefined;
  captchaVerifyUrl: string;
  /** The captcha's public site key, which the sign-up form's widget needs. */
  captchaSiteKey: string | undefined;
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  vapidSubject: string | undefined;
  /**
   * The reverse proxies in front of the server, whose X-Forwarded-For entries are believed: false
   * for none, a number of hops, or their addresses and CIDR ranges. Never every sender.
   */
  trustProxy: false | number | string[];
  /** Built web app to serve; unset or missing means API only. */
  webDist: string | undefined;
  logLevel: string;
  /** Largest accepted image upload in bytes. */
  uploadMaxBytes: number;
  /** scrypt cost of new password hashes as log2 of N (older hashes are upgraded at login). */
  scryptLogN: number;
  /** Let link previews fetch from loopback and private network addresses (for tests and intranets). */
  linkFetchAllowPrivate: boolean;
  /** How often idle background workers look for new jobs, in milliseconds (at least 500). */
  jobPollMs: number;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}".`);
  return n;
}

function trustProxy(value: string | undefined): false | number | string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const proxies = text.split(',').map((item) => item.trim());
  if (proxies.some((item) => !isIP(item.replace(/\/\d{1,3}$/, '')))) {
    throw new Error('TRUST_PROXY must be false, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges.');
  }
  return proxies;
}

function scryptLogN(value: string | undefined): number {
  const logN = integer(value, DEFAULT_SCRYPT_LOG_N, 'SCRYPT_LOG_N');
  if (logN < 10 || logN > 20) throw new Error(`SCRYPT_LOG_N must be between 10 and 20, got "${value}".`);
  return logN;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer(env.PORT, 3000, 'PORT');
  return {
    port,
    host: env.HOST || 'localhost',
    dataDir: resolve(env.DATA_DIR || './.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolMax: integer(env.DATABASE_POOL_MAX, 10, 'DATABASE_POOL_MAX'),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    rateLimit: (env.RATE_LIMIT ?? 'on').toLowerCase() !== 'off',
    captchaSecret: env.CAPTCHA_SECRET || undefined,
    captchaVerifyUrl: env.CAPTCHA_VERIFY_URL || 'https://api.hcaptcha.com/siteverify',
    captchaSiteKey: env.CAPTCHA_SITE_KEY || undefined,
    vapidPublicKey: env.VAPID_PUBLIC_KEY || undefined,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY || undefined,
    vapidSubject: env.VAPID_SUBJECT || undefined,
    trustProxy: trustProxy(env.TRUST_PROXY),
    webDist: env.WEB_DIST === '' ? undefined : resolve(env.WEB_DIST || defaultWebDist),
    logLevel: env.LOG_LEVEL || 'info',
    uploadMaxBytes: integer(env.UPLOAD_MAX_BYTES, UPLOAD_MAX_BYTES, 'UPLOAD_MAX_BYTES'),
    scryptLogN: scryptLogN(env.SCRYPT_LOG_N),
    linkFetchAllowPrivate: ['true', '1', 'on'].includes((env.LINK_FETCH_ALLOW_PRIVATE ?? '').toLowerCase()),
    jobPollMs: Math.max(500, integer(env.JOB_POLL_MS, 2000, 'JOB_POLL_MS')),
  };
}
