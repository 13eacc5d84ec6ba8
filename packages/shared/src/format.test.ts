import { describe, expect, it } from 'vitest';
import { avatarColorIndex, escapeXml, formatCount, formatDate, timeAgo } from './format.ts';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('timeAgo', () => {
  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [60, '1 minute ago'],
    [119, '1 minute ago'],
    [59 * 60, '59 minutes ago'],
    [3600, '1 hour ago'],
    [23 * 3600 + 3599, '23 hours ago'],
    [86400, '1 day ago'],
    [6 * 86400, '6 days ago'],
    [7 * 86400, '1 week ago'],
    [364 * 86400, '52 weeks ago'],
    [365 * 86400, '1 year ago'],
    [3 * 365 * 86400, '3 years ago'],
  ])('%i seconds → %s', (seconds, text) => {
    expect(timeAgo(ago(seconds), now)).toBe(text);
  });

  it('treats future moments and invalid dates as just now', () => {
    expect(timeAgo(ago(-30), now)).toBe('just now');
    expect(timeAgo('not a date', now)).toBe('just now');
  });

  it('accepts ISO strings', () => {
    expect(timeAgo('2026-11-22T11:00:00Z', now)).toBe('1 hour ago');
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [990, '990'],
    [991, '1k'],
    [1000, '1k'],
    [1049, '1k'],
    [1050, '1.1k'],
    [1500, '1.5k'],
    [12_345, '12.3k'],
    [999_949, '999.9k'],
    [999_950, '1m'],
    [1_250_000, '1.3m'],
    [-1500, '-1.5k'],
  ])('%i → %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });
});

describe('avatarColorIndex', () => {
  it('picks one of 8 colours by the first letter, ignoring case', () => {
    expect(avatarColorIndex('alice')).toBe(avatarColorIndex('Anna'));
    expect(avatarColorIndex('bob')).not.toBe(avatarColorIndex('alice'));
    for (const name of ['a', 'z', '9', '_x', '']) expect(avatarColorIndex(name)).toBeGreaterThanOrEqual(0);
  });
});

describe('formatDate', () => {
  it('writes a long date in US English, from a date or its ISO text', () => {
    expect(formatDate(new Date(2025, 2, 4, 12))).toBe('March 4, 2025');
    expect(formatDate(new Date(2024, 11, 31, 12).toISOString())).toBe('December 31, 2024');
  });

  it('writes the same as the browser\'s own long US date on every day of a year', () => {
    const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
    for (let day = 0; day < 366; day += 1) {
      const date = new Date(2024, 0, 1 + day, 12);
      expect(formatDate(date)).toBe(intl.format(date));
    }
  });

  it('leaves an invalid date empty', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('escapeXml', () => {
  it('escapes markup and quotes for elements and attributes', () => {
    expect(escapeXml(`Tom & Jerry <b>"hi"</b> it's`)).toBe('Tom &amp; Jerry &lt;b&gt;&quot;hi&quot;&lt;/b&gt; it&#39;s');
  });

  it('drops the characters XML forbids and keeps tabs, line breaks and astral characters', () => {
    expect(escapeXml('a\u0000b\u0001c\u000Bd\u001Fe\uFFFEf\uFFFF')).toBe('abcdef');
    expect(escapeXml('x\uD800y\uDC00z')).toBe('xyz');
    expect(escapeXml('tab\there\nline\r\u{1F600}é')).toBe('tab\there\nline\r\u{1F600}é');
  });
});
