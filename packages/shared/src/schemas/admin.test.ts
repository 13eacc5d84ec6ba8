import { describe, expect, it } from 'vitest';
import { parseBlockAddress } from './admin.ts';

describe('parseBlockAddress', () => {
  it.each([
    ['10.0.0.1', { ip: '10.0.0.1', maskedBits: 32 }],
    ['10.0.0.0/8', { ip: '10.0.0.0', maskedBits: 8 }],
    ['192.168.*.*', { ip: '192.168.0.0', maskedBits: 16 }],
    ['192.168.1.*', { ip: '192.168.1.0', maskedBits: 24 }],
    ['2001:db8::1', { ip: '2001:db8::1', maskedBits: 128 }],
    ['2001:db8::/32', { ip: '2001:db8::', maskedBits: 32 }],
  ])('%s', (input, expected) => {
    expect(parseBlockAddress(input)).toEqual(expected);
  });

  it.each(['192.*.1.*', '*.*.*.*', '300.1.1.1', '10.0.0.0/33', 'hello', '10.0.0'])('refuses %s', (input) => {
    expect(parseBlockAddress(input)).toBeNull();
  });
});
