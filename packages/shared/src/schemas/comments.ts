import * as v from 'valibot';
import { COMMENT_BODY_MAX } from '../constants.ts';
import { id } from './common.ts';

export const commentBody = v.pipe(
  v.optional(v.string('Message body cannot be empty.'), ''),
  v.trim(),
  v.nonEmpty('Message body cannot be empty.'),
  v.maxLength(COMMENT_BODY_MAX, `Comment is too long (${COMMENT_BODY_MAX} characters at most).`),
);

/** POST /api/posts/{publicId}/comments */
export const createCommentBody = v.object({
  parentCommentId: v.optional(v.nullable(id), null),
  body: commentBody,
});

/** PUT /api/posts/{publicId}/comments/{id} */
export const updateCommentBody = v.object({ body: commentBody });

/** POST /api/_commentVote */
export const commentVoteBody = v.object({ commentId: id, up: v.boolean('up must be true or false.') });
