import { describe, expect, it } from 'vitest';
import { blockAddressText, clientIpBytes, formatIp, parseBlockAddress, parseIp, rangeContains } from './ip-blocks.ts';

describe('parseBlockAddress', () => {
  it.each([
    ['10.0.0.1', '10.0.0.1', 32],
    [' 10.0.0.1 ', '10.0.0.1', 32],
    ['10.0.0.0/8', '10.0.0.0', 8],
    ['10.1.2.3/8', '10.0.0.0', 8],
    ['192.168.*.*', '192.168.0.0', 16],
    ['192.168.1.*', '192.168.1.0', 24],
    ['10.*.*.*', '10.0.0.0', 8],
    ['2001:db8::1', '2001:db8::1', 128],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1', 128],
    ['2001:db8::/32', '2001:db8::', 32],
    ['2001:db8:1:2:3:4:5:6/48', '2001:db8:1::', 48],
    ['2001:db8:*:*:*:*:*:*', '2001:db8::', 32],
    ['2001:db8:aa:bb:cc:dd:ee:*', '2001:db8:aa:bb:cc:dd:ee:0', 112],
    ['::ffff:10.0.0.1', '::ffff:a00:1', 128],
  ])('%s is %s/%i', (input, ip, maskedBits) => {
    expect(parseBlockAddress(input)).toEqual({ ip, maskedBits });
  });

  it.each([
    '*',
    '*.*.*.*',
    '192.*.1.*',
    '192.168.*.1',
    '192.168.*',
    '10.*',
    '*:*:*:*:*:*:*:*',
    '2001:db8::*',
    '2001:*:1:*:*:*:*:*',
    '300.1.1.1',
    '10.0.0',
    '10.0.0.1.5',
    '10.0.0.0/33',
    '10.0.0.0/0',
    '10.0.0.0/',
    '10.0.0.0/x',
    '2001:db8::/129',
    '2001:db8:::1',
    '1::2::3',
    '12345::1',
    'hello',
    '',
  ])('refuses %j', (input) => {
    expect(parseBlockAddress(input)).toBeNull();
  });
});

describe('formatIp and blockAddressText', () => {
  it('writes IPv6 addresses in their canonical short form', () => {
    expect(formatIp(parseIp('2001:0db8:0000:0000:0001:0000:0000:0001') as Uint8Array)).toBe('2001:db8::1:0:0:1');
    expect(formatIp(parseIp('2001:db8:0:1:1:1:1:1') as Uint8Array)).toBe('2001:db8:0:1:1:1:1:1');
    expect(formatIp(parseIp('::') as Uint8Array)).toBe('::');
  });

  it('adds /bits to ranges only', () => {
    expect(blockAddressText({ ip: '10.0.0.1', maskedBits: 32 })).toBe('10.0.0.1');
    expect(blockAddressText({ ip: '10.0.0.0', maskedBits: 8 })).toBe('10.0.0.0/8');
    expect(blockAddressText({ ip: '2001:db8::1', maskedBits: 128 })).toBe('2001:db8::1');
    expect(blockAddressText({ ip: '2001:db8::', maskedBits: 32 })).toBe('2001:db8::/32');
  });
});

describe('rangeContains', () => {
  const range = (text: string) => {
    const parsed = parseBlockAddress(text);
    if (!parsed) throw new Error(text);
    return { bytes: parseIp(parsed.ip) as Uint8Array, maskedBits: parsed.maskedBits };
  };

  it('matches addresses inside the range only', () => {
    expect(rangeContains(range('10.1.*.*'), clientIpBytes('10.1.200.3') as Uint8Array)).toBe(true);
    expect(rangeContains(range('10.1.*.*'), clientIpBytes('10.2.0.1') as Uint8Array)).toBe(false);
    expect(rangeContains(range('10.0.0.1'), clientIpBytes('10.0.0.1') as Uint8Array)).toBe(true);
    expect(rangeContains(range('10.0.0.1'), clientIpBytes('10.0.0.2') as Uint8Array)).toBe(false);
    expect(rangeContains(range('2001:db8::/32'), clientIpBytes('2001:db8:ffff::1') as Uint8Array)).toBe(true);
    expect(rangeContains(range('2001:db8::/32'), clientIpBytes('2001:db9::1') as Uint8Array)).toBe(false);
  });

  it('reads IPv4-mapped client addresses as IPv4, and never matches across families', () => {
    expect(rangeContains(range('10.1.2.3'), clientIpBytes('::ffff:10.1.2.3') as Uint8Array)).toBe(true);
    expect(rangeContains(range('10.0.0.0/8'), clientIpBytes('2001:db8::1') as Uint8Array)).toBe(false);
  });
});
