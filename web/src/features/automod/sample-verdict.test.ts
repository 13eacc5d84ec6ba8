import type { WatchedWord } from '@quorum/shared/entities/automod';
import { compileWatchedWords } from '@quorum/shared/watched-words';
import { describe, expect, it } from 'vitest';
import { sampleOutcomes } from './sample-verdict.ts';

const word = (overrides: Partial<WatchedWord>): WatchedWord => ({ pattern: 'spam*', action: 'hold', replacement: null, rule: 'No spam', appliesToMods: false, ...overrides });

describe('sampleOutcomes', () => {
  const list = compileWatchedWords([
    word({}),
    word({ pattern: 'scam', action: 'block', rule: 'No scams', appliesToMods: true }),
    word({ pattern: 'darn', action: 'replace', replacement: 'd**n', rule: 'Keep it clean' }),
  ]);

  it('names the rule that holds, blocks or replaces, with the replaced text', () => {
    expect(sampleOutcomes([list], 'Spammers everywhere', false)).toEqual([
      { kind: 'hold', summary: 'Held for approval — rule “No spam” (pattern spam*)', detail: null },
    ]);
    expect(sampleOutcomes([list], 'A darn scam', false)).toEqual([
      { kind: 'block', summary: 'Blocked — rule “No scams” (pattern scam)', detail: null },
      { kind: 'replace', summary: 'Replaced — result text: A d**n scam', detail: 'By rule “Keep it clean” (pattern darn)' },
    ]);
  });

  it('skips the rules that spare moderators when a moderator wrote the text', () => {
    expect(sampleOutcomes([list], 'darn spam', true)).toEqual([]);
    expect(sampleOutcomes([list], 'scam', true).map((outcome) => outcome.kind)).toEqual(['block']);
  });

  it('finds nothing in a text no rule matches', () => {
    expect(sampleOutcomes([list], 'Sourdough starters', false)).toEqual([]);
  });
});
