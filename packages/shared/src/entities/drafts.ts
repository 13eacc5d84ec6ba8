import { Type, type Static } from '@sinclair/typebox';

/** What a member started writing and has not sent: a new post's fields, or a comment's or reply's words. */
export const Draft = Type.Object({
  /** `post:new`, `comment:<postId>` or `reply:<commentId>`. */
  key: Type.String(),
  value: Type.Unknown(),
  /** What it is to the member ("Reply to @… on “…”"). */
  label: Type.String(),
  /** Where it is taken up again. */
  href: Type.String(),
  /** Orders the saves of one draft: a save with a lower number than the kept one changes nothing. */
  seq: Type.Number(),
  updatedAt: Type.String(),
});
export type Draft = Static<typeof Draft>;

/** A draft deleted (sent or thrown away) on some device: a copy saved at `seq` or before is gone. */
export const DeletedDraft = Type.Object({
  key: Type.String(),
  seq: Type.Number(),
});
export type DeletedDraft = Static<typeof DeletedDraft>;

/** GET /api/drafts: the drafts, the latest saved first, and the drafts deleted lately. */
export const Drafts = Type.Object({
  drafts: Type.Array(Draft),
  deleted: Type.Array(DeletedDraft),
});
export type Drafts = Static<typeof Drafts>;
