import { describe, expect, test } from 'vitest';
import { matchShortcut, SHORTCUTS } from './keyboard-shortcuts.ts';

describe('matchShortcut', () => {
  test('single keys give their command', () => {
    expect(matchShortcut('j', null)).toEqual({ kind: 'command', command: { kind: 'move', step: 1 } });
    expect(matchShortcut('k', null)).toEqual({ kind: 'command', command: { kind: 'move', step: -1 } });
    expect(matchShortcut('a', null)).toEqual({ kind: 'command', command: { kind: 'press', action: 'upvote' } });
    expect(matchShortcut('z', null)).toEqual({ kind: 'command', command: { kind: 'press', action: 'downvote' } });
    expect(matchShortcut('o', null)).toEqual({ kind: 'command', command: { kind: 'press', action: 'open' } });
    expect(matchShortcut('Enter', null)).toEqual({ kind: 'command', command: { kind: 'press', action: 'open' } });
    expect(matchShortcut('s', null)).toEqual({ kind: 'command', command: { kind: 'save' } });
    expect(matchShortcut('?', null)).toEqual({ kind: 'command', command: { kind: 'help' } });
  });

  test('g starts a sequence that h, n or s finishes', () => {
    expect(matchShortcut('g', null)).toEqual({ kind: 'prefix', key: 'g' });
    expect(matchShortcut('h', 'g')).toEqual({ kind: 'command', command: { kind: 'go', href: '/' } });
    expect(matchShortcut('n', 'g')).toEqual({ kind: 'command', command: { kind: 'go', href: '/notifications' } });
    expect(matchShortcut('s', 'g')).toEqual({ kind: 'command', command: { kind: 'go', href: '/settings' } });
  });

  test('a key that does not finish the sequence counts on its own', () => {
    expect(matchShortcut('j', 'g')).toEqual({ kind: 'command', command: { kind: 'move', step: 1 } });
    expect(matchShortcut('x', 'g')).toBeNull();
    expect(matchShortcut('h', null)).toBeNull();
  });

  test('capitals and other keys are not shortcuts', () => {
    expect(matchShortcut('J', null)).toBeNull();
    expect(matchShortcut('A', null)).toBeNull();
    expect(matchShortcut('ArrowUp', null)).toBeNull();
    expect(matchShortcut('ArrowDown', null)).toBeNull();
    expect(matchShortcut(' ', null)).toBeNull();
  });

  test('no two shortcuts are typed the same way', () => {
    const typed = SHORTCUTS.flatMap((shortcut) => shortcut.sequences.map((keys) => keys.join(' ')));
    expect(new Set(typed).size).toBe(typed.length);
  });
});
