import type { WatchedWordAction } from '@quorum/shared/watched-words';

/** What each action is called in the editor, and what it does. */
export const ACTION_TEXT: Record<WatchedWordAction, { label: string; description: string }> = {
  block: { label: 'Block', description: 'The post or comment is refused, with a message naming the rule.' },
  hold: { label: 'Hold for approval', description: 'It waits in the approval queue until a moderator approves it.' },
  report: { label: 'Report', description: 'It is published and reported to the moderators automatically.' },
  replace: { label: 'Replace', description: 'The matching words are replaced with the text you give.' },
};
