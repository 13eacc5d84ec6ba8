import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { UPLOAD_MAX_BYTES } from '@quorum/shared/constants';
import { apiDir } from './paths.ts';

export interface Config {
  port: number;
  host: string;
  /** Folder for the embedded database and uploaded images. */
  dataDir: string;
  /** A Postgres URL; unset means the embedded database in dataDir. */
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** Postgres read replicas that feed, post, comment and profile reads go to; empty for none. */
  databaseReplicaUrls: string[];
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
  /** How log lines are written (LOG_FORMAT): `auto` is readable lines on a terminal, JSON lines otherwise. */
  logFormat: LogFormatSetting;
  /** Port of the Prometheus metrics listener; undefined for none. */
  metricsPort: number | undefined;
  /** Address the metrics listener is bound to. */
  metricsHost: string;
  /** Largest accepted image upload in bytes. */
  uploadMaxBytes: number;
  /** scrypt cost of new password hashes as log2 of N (older hashes are upgraded at login). */
  scryptLogN: number;
  /** Let link previews fetch from loopback and private network addresses (for tests and intranets). */
  linkFetchAllowPrivate: boolean;
  /** Let pushes go to push services on loopback and private network addresses, over plain http too (for tests). */
  pushAllowPrivate: boolean;
  /** How often idle background workers look for new jobs, in milliseconds (at least 500). */
  jobPollMs: number;
  /** The longest any statement of the app may run on a Postgres server, in milliseconds; 0 for no limit. */
  statementTimeoutMs: number;
  /** The longest finding one page of search results may take, in milliseconds. */
  searchTimeoutMs: number;
  /** How long an answer as visitors see it (feed pages, posts, threads) is kept and shared, in milliseconds; 0 computes each. */
  visitorCacheMs: number;
  /** An S3-compatible bucket for image files; unset keeps them on disk under dataDir. */
  s3: S3Config | undefined;
  /**
   * The public address of the bucket's files: image addresses then redirect there instead of
   * being served by the API. Unset means the API serves them.
   */
  imagesPublicUrl: string | undefined;
  /** API processes sharing the port (WORKERS; `auto` is one per core). The embedded database keeps to one. */
  workers: number;
  /** Redis for rate-limit counters shared by every process and machine; unset means counters per process. */
  redisUrl: string | undefined;
  /** Prefix of this site's Redis keys, so that several sites (or tests) can share one Redis. */
  redisKeyPrefix: string;
  /** Hours between scheduled backups of the embedded database; undefined for none. */
  backupIntervalHours: number | undefined;
  /** How many scheduled backups are kept (the newest). */
  backupKeep: number;
  /** The SMTP server the site's mail goes out through (SMTP_URL); unset writes each message as an .eml file under dataDir/mail. */
  smtpUrl: string | undefined;
  /** The sender of the site's mail (MAIL_FROM). */
  mailFrom: string;
}

/** LOG_FORMAT: `pretty` lines for a person, `json` lines for a machine, or `auto`: pretty on a terminal, JSON otherwise. */
export type LogFormatSetting = 'pretty' | 'json' | 'auto';

export interface S3Config {
  bucket: string;
  /** The service's address for providers other than AWS (path-style addressing is then used). */
  endpoint: string | undefined;
  region: string;
}

const defaultWebDist = join(apiDir, '../web/dist');

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}".`);
  return n;
}

function positive<T extends number | undefined>(value: string | undefined, fallback: T, name: string): number | T {
  if (value === undefined || value.trim() === '') return fallback;
  const n = integer(value.trim(), 0, name);
  if (n === 0) throw new Error(`${name} must be at least 1.`);
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

function logFormat(value: string | undefined): LogFormatSetting {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'auto') return 'auto';
  if (text === 'pretty' || text === 'json') return text;
  throw new Error(`LOG_FORMAT must be pretty or json, got "${value}".`);
}

function metricsPort(value: string | undefined, port: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = integer(value.trim(), 0, 'METRICS_PORT');
  if (n < 1 || n > 65_535) throw new Error(`METRICS_PORT must be a port number from 1 to 65535, got "${value}".`);
  if (n === port) throw new Error('METRICS_PORT must differ from PORT: the metrics are never served on the public port.');
  return n;
}

function workers(value: string | undefined): number {
  const text = (value ?? '').trim().toLowerCase();
  if (text === 'auto') return availableParallelism();
  const n = integer(text, 1, 'WORKERS');
  if (n < 1) throw new Error('WORKERS must be a whole number of at least 1, or "auto".');
  return n;
}

/** scrypt's cost of new password hashes is 2^17 unless SCRYPT_LOG_N says otherwise. */
export const DEFAULT_SCRYPT_LOG_N = 17;

function scryptLogN(value: string | undefined): number {
  const logN = integer(value, DEFAULT_SCRYPT_LOG_N, 'SCRYPT_LOG_N');
  if (logN < 10 || logN > 20) throw new Error(`SCRYPT_LOG_N must be between 10 and 20, got "${value}".`);
  return logN;
}

function hasProtocol(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function replicaUrls(value: string | undefined, primary: string | undefined): string[] {
  const urls = (value ?? '').split(',').map((item) => item.trim()).filter((item) => item !== '');
  if (urls.length === 0) return [];
  if (!primary) throw new Error('DATABASE_REPLICA_URLS needs DATABASE_URL: the embedded database has no replicas.');
  if (urls.some((url) => !hasProtocol(url, ['postgres:', 'postgresql:']))) {
    throw new Error('DATABASE_REPLICA_URLS must be a comma-separated list of postgres:// URLs.');
  }
  return urls;
}

function s3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    if (env.S3_ENDPOINT || env.IMAGES_PUBLIC_URL) throw new Error('S3_ENDPOINT and IMAGES_PUBLIC_URL need S3_BUCKET.');
    return undefined;
  }
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint !== undefined && !hasProtocol(endpoint, ['http:', 'https:'])) throw new Error('S3_ENDPOINT must be an http:// or https:// URL.');
  return { bucket, endpoint, region: env.S3_REGION?.trim() || 'us-east-1' };
}

function smtpUrl(value: string | undefined): string | undefined {
  const url = value?.trim();
  if (!url) return undefined;
  if (!hasProtocol(url, ['smtp:', 'smtps:'])) throw new Error('SMTP_URL must be an smtp:// or smtps:// URL.');
  return url;
}

/** MAIL_FROM, or the site's name at its public address's host. */
function mailFrom(value: string | undefined, publicUrl: string): string {
  return value?.trim() || `Quorum <no-reply@${new URL(publicUrl).hostname}>`;
}

function imagesPublicUrl(value: string | undefined): string | undefined {
  const url = value?.trim();
  if (!url) return undefined;
  if (!hasProtocol(url, ['http:', 'https:'])) throw new Error('IMAGES_PUBLIC_URL must be an http:// or https:// URL.');
  return url.replace(/\/+$/, '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer(env.PORT, 3000, 'PORT');
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: env.HOST || 'localhost',
    dataDir: resolve(env.DATA_DIR || './.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolMax: integer(env.DATABASE_POOL_MAX, 10, 'DATABASE_POOL_MAX'),
    databaseReplicaUrls: replicaUrls(env.DATABASE_REPLICA_URLS, env.DATABASE_URL),
    publicUrl,
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
    logFormat: logFormat(env.LOG_FORMAT),
    metricsPort: metricsPort(env.METRICS_PORT, port),
    metricsHost: env.METRICS_HOST?.trim() || '127.0.0.1',
    uploadMaxBytes: integer(env.UPLOAD_MAX_BYTES, UPLOAD_MAX_BYTES, 'UPLOAD_MAX_BYTES'),
    scryptLogN: scryptLogN(env.SCRYPT_LOG_N),
    linkFetchAllowPrivate: ['true', '1', 'on'].includes((env.LINK_FETCH_ALLOW_PRIVATE ?? '').toLowerCase()),
    pushAllowPrivate: ['true', '1', 'on'].includes((env.PUSH_ALLOW_PRIVATE ?? '').toLowerCase()),
    jobPollMs: Math.max(500, integer(env.JOB_POLL_MS, 2000, 'JOB_POLL_MS')),
    statementTimeoutMs: integer(env.STATEMENT_TIMEOUT_MS, 30_000, 'STATEMENT_TIMEOUT_MS'),
    searchTimeoutMs: Math.max(1, integer(env.SEARCH_TIMEOUT_MS, 3000, 'SEARCH_TIMEOUT_MS')),
    visitorCacheMs: integer(env.VISITOR_CACHE_MS, 2000, 'VISITOR_CACHE_MS'),
    s3: s3Config(env),
    imagesPublicUrl: imagesPublicUrl(env.IMAGES_PUBLIC_URL),
    workers: workers(env.WORKERS),
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'quorum:',
    backupIntervalHours: positive(env.BACKUP_INTERVAL_HOURS, undefined, 'BACKUP_INTERVAL_HOURS'),
    backupKeep: positive(env.BACKUP_KEEP, 7, 'BACKUP_KEEP'),
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: mailFrom(env.MAIL_FROM, publicUrl),
  };
}
