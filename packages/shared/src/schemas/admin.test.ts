import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { adminActionBody, ipBlockBody } from './admin.ts';

describe('ipBlockBody', () => {
  const parse = (body: object) => v.safeParse(ipBlockBody, { address: '10.0.0.1', ...body });

  it.each([
    [{}, null],
    [{ expiresIn: null }, null],
    [{ expiresIn: '' }, null],
    [{ expiresIn: '  ' }, null],
    [{ expiresIn: 24 }, 24],
    [{ expiresIn: '24' }, 24],
    [{ expiresIn: ' 1.5 ' }, 1.5],
  ])('reads expiresIn of %j as %j hours', (body, hours) => {
    const result = parse(body);
    expect(result.success && result.output.expiresIn).toBe(hours);
  });

  it.each([0, -1, '0', '-3', 'soon', '1e3', '12h', true, 10_000_000])('refuses expiresIn %j', (expiresIn) => {
    const result = parse({ expiresIn });
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe('Invalid expires in value');
  });

  it('refuses addresses that are not valid', () => {
    for (const address of ['*', '10.*.1.*', 'example.com', '']) {
      const result = parse({ address });
      expect(result.success).toBe(false);
      expect(result.issues?.[0]?.message).toMatch(/^Invalid IP address/);
    }
  });
});

describe('adminActionBody', () => {
  it('takes deleteContentDays as a whole number of days, 0 or more', () => {
    expect(v.safeParse(adminActionBody, { action: 'ban_user', username: 'x', deleteContentDays: 0 }).success).toBe(true);
    expect(v.safeParse(adminActionBody, { action: 'ban_user', username: 'x', deleteContentDays: 7 }).success).toBe(true);
    expect(v.safeParse(adminActionBody, { action: 'ban_user', username: 'x' }).success).toBe(true);
    for (const days of [-1, 1.5, '3']) {
      expect(v.safeParse(adminActionBody, { action: 'ban_user', username: 'x', deleteContentDays: days }).success).toBe(false);
    }
  });

  it('answers Unknown action. for other actions', () => {
    const result = v.safeParse(adminActionBody, { action: 'launch_rockets' });
    expect(result.issues?.[0]?.message).toBe('Unknown action.');
  });
});
