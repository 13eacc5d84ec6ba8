import { EDITED_THRESHOLD_MS } from '@quorum/shared/constants';

/** Changes in the first minutes after writing a post or comment do not count as edits. */
export function isEdited(createdAt: Date, editedAt: Date | null): editedAt is Date {
  return editedAt !== null && editedAt.getTime() - createdAt.getTime() > EDITED_THRESHOLD_MS;
}
