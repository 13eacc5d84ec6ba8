import { describe, expect, it } from 'vitest';
import { fieldErrors, firstIssueMessage } from '../validation.ts';
import { loginBody, signupBody, signupForm } from './users.ts';

const valid = { username: 'good_name1', password: 'password1', repeatPassword: 'password1', email: '' };

describe('signup', () => {
  it.each([
    [{ ...valid, username: '' }, 'username', 'Username cannot be empty.'],
    [{ ...valid, username: '   ' }, 'username', 'Username cannot be empty.'],
    [{ ...valid, username: 'abc' }, 'username', 'Username too short.'],
    [{ ...valid, username: 'a'.repeat(22) }, 'username', 'Username too long (21 characters at most).'],
    [{ ...valid, username: 'héllo' }, 'username', 'Username can only contain letters, digits and underscores.'],
    [{ ...valid, password: '', repeatPassword: '' }, 'password', 'Password cannot be empty.'],
    [{ ...valid, password: 'seven77', repeatPassword: 'seven77' }, 'password', 'Password too weak.'],
    [{ ...valid, repeatPassword: '' }, 'repeatPassword', 'Repeat password cannot be empty.'],
    [{ ...valid, repeatPassword: 'password2' }, 'repeatPassword', 'Passwords do not match.'],
    [{ ...valid, email: 'someone' }, 'email', 'Enter a valid email address.'],
    [{ ...valid, email: 'some one@example.com' }, 'email', 'Enter a valid email address.'],
    [{ ...valid, email: 'someone@example' }, 'email', 'Enter a valid email address.'],
  ])('form %j → %s: %s', (input, field, message) => {
    expect(fieldErrors(signupForm, input)[field]).toBe(message);
  });

  it('accepts exactly 4 and exactly 21 characters, digits and underscores', () => {
    expect(fieldErrors(signupForm, { ...valid, username: 'ab_1' })).toEqual({});
    expect(fieldErrors(signupForm, { ...valid, username: 'A'.repeat(21) })).toEqual({});
  });

  it('accepts an absent, empty or valid email and trims it', () => {
    expect(firstIssueMessage(signupBody, { username: 'good_name', password: 'password1' })).toBeNull();
    expect(firstIssueMessage(signupBody, { ...valid, email: 'me@example.com' })).toBeNull();
  });

  it('accepts a password of exactly 8 characters', () => {
    expect(fieldErrors(signupForm, { ...valid, password: '12345678', repeatPassword: '12345678' })).toEqual({});
  });
});

describe('login', () => {
  it.each([
    [{ username: '', password: '' }, 'Username and password empty.'],
    [{}, 'Username and password empty.'],
    [{ username: '  ', password: '' }, 'Username and password empty.'],
    [{ username: '', password: 'secret' }, 'Username empty.'],
    [{ username: 'someone', password: '' }, 'Password empty.'],
  ])('%j → %s', (input, message) => {
    expect(firstIssueMessage(loginBody, input)).toBe(message);
  });

  it('accepts a username and password', () => {
    expect(firstIssueMessage(loginBody, { username: 'someone', password: 'secret' })).toBeNull();
  });
});
