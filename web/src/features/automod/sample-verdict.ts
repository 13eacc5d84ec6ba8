import { screenText, type CompiledWatchedWords, type WatchedWordRule } from '@quorum/shared/watched-words';

/** One thing the lists do to a sample text, as the test box says it. */
export interface SampleOutcome {
  kind: 'block' | 'hold' | 'report' | 'replace';
  summary: string;
  /** The rules that did it, when the summary does not name them. */
  detail: string | null;
}

const ruleLabel = (rule: WatchedWordRule) => `rule “${rule.rule}” (pattern ${rule.pattern})`;

/**
 * What the server would do to a post or comment whose text is `sample`, screened by the given
 * lists with the same shared code the API runs: blocked, held, reported, and the text after
 * replacement. Empty when no rule matches.
 */
export function sampleOutcomes(lists: readonly CompiledWatchedWords[], sample: string, writtenByMod: boolean): SampleOutcome[] {
  const verdict = screenText(lists, { body: sample }, writtenByMod);
  const outcomes: SampleOutcome[] = [];
  if (verdict.block) outcomes.push({ kind: 'block', summary: `Blocked — ${ruleLabel(verdict.block)}`, detail: null });
  if (verdict.hold) outcomes.push({ kind: 'hold', summary: `Held for approval — ${ruleLabel(verdict.hold)}`, detail: null });
  if (verdict.report) outcomes.push({ kind: 'report', summary: `Reported — ${ruleLabel(verdict.report)}`, detail: null });
  if (verdict.replaced.length > 0) {
    outcomes.push({
      kind: 'replace',
      summary: `Replaced — result text: ${verdict.body ?? ''}`,
      detail: `By ${verdict.replaced.map(ruleLabel).join(', ')}`,
    });
  }
  return outcomes;
}
