import * as v from 'valibot';
import { COMMENT_BODY_MAX } from '../constants.ts';
import { Messages } from '../errors.ts';
import { cursorParam, id, userGroup, uuidParam } from './common.ts';

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

/** GET /api/posts/{publicId}/comments: a page of the thread, or the replies under `parentId`. */
export const commentsQuery = v.object({ next: cursorParam, parentId: v.optional(uuidParam(Messages.commentNotFound)) });

/** POST /api/posts/{publicId}/comments */
export const createCommentQuery = v.object({ userGroup: v.optional(userGroup, 'normal') });

/** PUT /api/posts/{publicId}/comments/{id}: a new body, or with `action=changeAsUser` a new signature. */
export const updateCommentQuery = v.object({
  action: v.optional(v.literal('changeAsUser', Messages.unknownAction)),
  userGroup: v.optional(userGroup),
});

/** DELETE /api/posts/{publicId}/comments/{id} */
export const deleteCommentQuery = v.object({ deleteAs: v.optional(userGroup, 'normal') });

/** GET /api/comments: the latest comments of the site, for admins. */
export const latestCommentsQuery = v.object({ next: cursorParam });
