// Formatters shared by the web app and the service worker.

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const YEAR = 365 * DAY;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/**
 * Relative time of a past moment: 'just now' under a minute, then minutes, hours, days up to a
 * week, weeks up to a year, then years. Moments in the future (clock skew) count as 'just now'.
 */
export function timeAgo(date: Date | string, now: Date = new Date()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const seconds = Math.floor((now.getTime() - then.getTime()) / 1000);
  if (!Number.isFinite(seconds) || seconds < MINUTE) return 'just now';
  if (seconds < HOUR) return plural(Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return plural(Math.floor(seconds / HOUR), 'hour');
  if (seconds < WEEK) return plural(Math.floor(seconds / DAY), 'day');
  if (seconds < YEAR) return plural(Math.floor(seconds / WEEK), 'week');
  return plural(Math.floor(seconds / YEAR), 'year');
}

function shorten(value: number, suffix: string): string {
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)}${suffix}`;
}

/** A count for display: up to 990 as is, then shortened with k or m (one decimal at most). */
export function formatCount(n: number): string {
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(n));
  if (abs <= 990) return `${sign}${abs}`;
  if (abs < 999_950) return sign + shorten(abs / 1000, 'k');
  return sign + shorten(abs / 1_000_000, 'm');
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * A long date such as "March 4, 2025", in the local time zone, for "created" lines and the tooltips
 * of relative times. Written out by hand: the first Intl.DateTimeFormat a page builds loads the
 * locale's data, which holds up the first render of a page of posts; an invalid date is empty.
 */
export function formatDate(date: Date | string): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return '';
  return `${MONTHS[value.getMonth()]} ${value.getDate()}, ${value.getFullYear()}`;
}

/** The default avatar colour index (0–7) for a name, chosen by its first letter. */
export function avatarColorIndex(name: string): number {
  const code = name.toLowerCase().charCodeAt(0);
  return Number.isNaN(code) ? 0 : code % 8;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to put in HTML, in an element or an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * Characters XML 1.0 allows in no form, not even as a character reference: the control characters
 * other than tab and line breaks, lone surrogates, U+FFFE and U+FFFF. A feed holding one is not
 * well-formed, and readers refuse all of it.
 */
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text made safe to put in XML, in an element or an attribute; characters XML forbids are dropped. */
export function escapeXml(text: string): string {
  return escapeHtml(text.replace(XML_FORBIDDEN, ''));
}
