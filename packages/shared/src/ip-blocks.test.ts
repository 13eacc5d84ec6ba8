import { describe, expect, it } from 'vitest';
import { blockAddressText, clientIpBytes, formatIp, parseBlockAddress, parseIp, rangeContains, unmappedRange } from './ip-blocks.ts';

describe('parseBlockAddress', () => {
  it.each([
    ['10.0.0.1', '10.0.0.1', 32],
    [' 10.0.0.1 ', '10.0.0.1', 32],
    ['10.0.0.0/8', '10.0.0.0', 8],
    ['10.1.2.3/8', '10.0.0.0', 8],
    ['192.168.*.*', '192.168.0.0', 16],
    ['192.168.1.*', '192.168.1.0', 24],
    ['10.*.*.*', '10.0.0.0', 8],
    ['2001:db8::1', '2001:db8::', 64],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::', 64],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::', 64],
    ['2001:db8::1/128', '2001:db8::1', 128],
    ['2001:db8::/32', '2001:db8::', 32],
    ['2001:db8:1:2:3:4:5:6/48', '2001:db8:1::', 48],
    ['2001:db8:*:*:*:*:*:*', '2001:db8::', 32],
    ['2001:db8:aa:bb:cc:dd:ee:*', '2001:db8:aa:bb:cc:dd:ee:0', 112],
    ['::ffff:10.0.0.1', '10.0.0.1', 32],
    ['::FFFF:10.0.0.7/120', '10.0.0.0', 24],
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
    '::ffff:10.0.0.0/96',
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
    expect(rangeContains(range('::ffff:10.1.2.3'), clientIpBytes('10.1.2.3') as Uint8Array)).toBe(true);
    expect(rangeContains(range('::ffff:10.1.2.3'), clientIpBytes('::ffff:10.1.2.3') as Uint8Array)).toBe(true);
  });

  it('blocks the /64 of a single IPv6 address, and that address alone when written with /128', () => {
    expect(rangeContains(range('2001:db8:1:2::5'), clientIpBytes('2001:db8:1:2:ffff::9') as Uint8Array)).toBe(true);
    expect(rangeContains(range('2001:db8:1:2::5'), clientIpBytes('2001:db8:1:3::5') as Uint8Array)).toBe(false);
    expect(rangeContains(range('2001:db8:1:2::5/128'), clientIpBytes('2001:db8:1:2::6') as Uint8Array)).toBe(false);
  });
});

describe('unmappedRange', () => {
  it('turns an IPv4-mapped range into the IPv4 one and leaves others as they are', () => {
    const mapped = parseIp('::ffff:10.1.2.3') as Uint8Array;
    expect(unmappedRange({ bytes: mapped, maskedBits: 128 })).toEqual({ bytes: Uint8Array.of(10, 1, 2, 3), maskedBits: 32 });
    expect(unmappedRange({ bytes: mapped, maskedBits: 80 })).toEqual({ bytes: mapped, maskedBits: 80 });
    const v6 = parseIp('2001:db8::1') as Uint8Array;
    expect(unmappedRange({ bytes: v6, maskedBits: 128 })).toEqual({ bytes: v6, maskedBits: 128 });
  });
});
