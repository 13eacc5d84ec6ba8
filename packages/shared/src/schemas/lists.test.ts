import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { listBody, updateListBody } from './lists.ts';

const message = (input: unknown) => {
  const result = v.safeParse(listBody, input);
  return result.success ? null : result.issues[0].message;
};

describe('listBody', () => {
  it('accepts a slug and fills in the defaults', () => {
    expect(v.parse(listBody, { name: ' read-later_2 ' })).toEqual({ name: 'read-later_2', description: null, public: false });
  });

  it.each([
    [{}, 'Name cannot be empty.'],
    [{ name: '' }, 'Name cannot be empty.'],
    [{ name: '  ' }, 'Name cannot be empty.'],
    [{ name: 'a'.repeat(22) }, 'Name has to be at most 21 characters.'],
    [{ name: 'read later' }, 'Name can only contain letters, digits, dashes and underscores.'],
    [{ name: 'héllo' }, 'Name can only contain letters, digits, dashes and underscores.'],
  ])('refuses %j', (input, expected) => {
    expect(message(input)).toBe(expected);
  });

  it('changes only the fields given', () => {
    expect(v.parse(updateListBody, { public: true })).toEqual({ public: true });
  });
});
