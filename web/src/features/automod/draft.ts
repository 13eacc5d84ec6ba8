// The editors' unsaved state: what the pages hold while a moderator edits, and how it becomes
// the body of a save.
import type { NewMemberLimits, WatchedWord } from '@quorum/shared/entities/automod';

/** The new-member limits as typed: the number fields hold text until they are saved. */
export interface NewMemberDraft {
  minAgeDays: string;
  minPoints: string;
  comments: boolean;
}

export function newMemberDraftOf(limits: NewMemberLimits): NewMemberDraft {
  return { minAgeDays: String(limits.minAgeDays), minPoints: String(limits.minPoints), comments: limits.comments };
}

/** An empty field counts as 0 (off); anything that is not a number is left for the schema to refuse. */
const numberOf = (text: string) => (text.trim() === '' ? 0 : Number(text));

export function newMemberLimitsOf(draft: NewMemberDraft): NewMemberLimits {
  return { minAgeDays: numberOf(draft.minAgeDays), minPoints: numberOf(draft.minPoints), comments: draft.comments };
}

export function sameLimits(draft: NewMemberDraft, saved: NewMemberLimits): boolean {
  const limits = newMemberLimitsOf(draft);
  return limits.minAgeDays === saved.minAgeDays && limits.minPoints === saved.minPoints && limits.comments === saved.comments;
}

const wordKey = (word: WatchedWord) => JSON.stringify([word.pattern, word.action, word.replacement, word.rule, word.appliesToMods]);

export function sameWords(a: readonly WatchedWord[], b: readonly WatchedWord[]): boolean {
  return (
    a.length === b.length &&
    a.every((word, index) => {
      const other = b[index];
      return other !== undefined && wordKey(word) === wordKey(other);
    })
  );
}

/**
 * The message about the list among a save's field errors (`fieldErrors` keys): the list's own
 * (too long), or the first of a word's, which the editor's own checks should already have caught.
 */
export function listErrorOf(errors: Record<string, string>): string | null {
  if (errors.words) return errors.words;
  const key = Object.keys(errors).find((name) => name.startsWith('words.'));
  if (!key) return null;
  const index = Number(key.split('.')[1]);
  return `Watched word ${index + 1}: ${errors[key]}`;
}
