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

/** GET /api/drafts: the latest saved first. */
export const Drafts = Type.Array(Draft);
