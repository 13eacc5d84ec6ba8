import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable, isStatementTimeout } from './connect.ts';

const withCode = (code: string, fields: object = {}) => Object.assign(new Error('failed'), { code, ...fields });

describe('isDatabaseUnreachable', () => {
  it.each([
    'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE',
    '08000', '08003', '08006', '08001', '08004', '57P01', '57P02', '57P03',
  ])('is true for %s', (code) => {
    expect(isDatabaseUnreachable(withCode(code))).toBe(true);
  });

  it('is true for any failure to connect', () => {
    expect(isDatabaseUnreachable(withCode('EHOSTUNREACH', { syscall: 'connect' }))).toBe(true);
  });

  it.each(['23505', '22P02', '40001', '57P04', '53300', 'ENOENT'])('is false for %s', (code) => {
    expect(isDatabaseUnreachable(withCode(code))).toBe(false);
  });

  it('is false for errors without a code, and for what is not an error', () => {
    expect(isDatabaseUnreachable(new Error('CONNECTION_CLOSED'))).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
    expect(isDatabaseUnreachable('ECONNRESET')).toBe(false);
  });
});

describe('isStatementTimeout', () => {
  it('is true only for a statement ended by its timeout', () => {
    expect(isStatementTimeout(withCode('57014'))).toBe(true);
    for (const code of ['57P01', '08006', '23505', 'CONNECTION_CLOSED']) expect(isStatementTimeout(withCode(code))).toBe(false);
    expect(isStatementTimeout(null)).toBe(false);
  });
});
