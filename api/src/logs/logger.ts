// The server's log, through pino (Fastify's logger). On a terminal it reads as short lines for the
// events worth a look (the start, the address, the database, migrations, warnings and errors);
// anywhere else, or with LOG_FORMAT=json, it is one JSON object a line for a log collector, one of
// them per request answered. Either way secrets (passwords, cookies, the anti-forgery token) are
// blanked before anything is written.
import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogFormatSetting } from '../config.ts';

export type { Logger };

/** How log lines are written: `pretty` for a person at a terminal, `json` for a machine. */
export type LogFormat = 'pretty' | 'json';

export function chooseLogFormat(setting: LogFormatSetting, isTerminal: boolean): LogFormat {
  if (setting !== 'auto') return setting;
  return isTerminal ? 'pretty' : 'json';
}

const SECRET_HEADERS = ['cookie', 'set-cookie', 'authorization', 'x-csrf-token', 'csrf-token'];
const SECRET_FIELDS = ['password', 'newPassword', 'repeatPassword', 'repeatNewPassword'];

/** Where a secret may sit in what is logged: headers of a request or answer, fields of a body. */
const REDACTED_PATHS = [
  ...SECRET_HEADERS.flatMap((name) => [`headers["${name}"]`, `*.headers["${name}"]`]),
  ...SECRET_FIELDS.flatMap((name) => [name, `*.${name}`, `*.body.${name}`]),
];

export interface LoggerOptions {
  level: string;
  format: LogFormat;
  /** Where lines go; standard output by default. */
  destination?: NodeJS.WritableStream;
}

export function createLogger({ level, format, destination }: LoggerOptions): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  if (format === 'pretty') return pino(options, prettyLines(destination ?? process.stdout));
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Logs `message` at info level whatever LOG_LEVEL says: the start of the server is always told,
 * as a line on a terminal or a JSON line.
 */
export function announce(log: Logger, message: string): void {
  log.child({}, { level: 'info' }).info(message);
}

const LEVEL_NAMES: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warning', 50: 'error', 60: 'fatal' };
/** Fields every line has, or that the line's own text already shows. */
const SHOWN_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err']);

interface LogEntry {
  level?: number;
  time?: number;
  msg?: string;
  err?: { stack?: string; message?: string };
  [field: string]: unknown;
}

function fieldText(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value);
}

/** One entry as a person reads it: the time, the level when above info, the message, its fields and the stack of its error. */
export function formatEntry(entry: LogEntry, colour: boolean): string {
  const level = entry.level ?? 30;
  const time = new Date(entry.time ?? Date.now()).toTimeString().slice(0, 8);
  const paint = (code: string, text: string) => (colour ? `\x1b[${code}m${text}\x1b[0m` : text);
  const label = level >= 50 ? paint('31', `${LEVEL_NAMES[level] ?? 'error'}:`) : level >= 40 ? paint('33', 'warning:') : '';
  const fields = Object.entries(entry)
    .filter(([name, value]) => !SHOWN_FIELDS.has(name) && value !== undefined)
    .map(([name, value]) => paint('2', `${name}=${fieldText(value)}`));
  const head = [paint('2', time), label, entry.msg ?? '', ...fields].filter((part) => part !== '').join(' ');
  const stack = entry.err?.stack ?? entry.err?.message;
  return stack ? `${head}\n${stack.replace(/^/gm, '    ')}\n` : `${head}\n`;
}

/** A pino destination that writes each JSON line it is given as a line for a person. */
function prettyLines(output: NodeJS.WritableStream): DestinationStream {
  const colour = 'isTTY' in output && output.isTTY === true && !process.env.NO_COLOR;
  return {
    write(line: string) {
      let entry: LogEntry;
      try {
        entry = JSON.parse(line) as LogEntry;
      } catch {
        output.write(line);
        return;
      }
      output.write(formatEntry(entry, colour));
    },
  };
}
