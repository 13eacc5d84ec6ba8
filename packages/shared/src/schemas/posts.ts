import * as v from 'valibot';
import {
  ALT_TEXT_MAX, CONTENT_TYPES, MODERATED_POST_FILTERS, DEFAULT_FEED_SORT, FEED_LIMIT_DEFAULT, FEED_LIMIT_MAX, FEED_SORTS, FEEDS, IMAGE_CAPTION_MAX,
  LINK_URL_MAX, POST_BODY_MAX, POST_IMAGES_MAX, POST_TITLE_MAX, POST_TITLE_MIN, POST_TYPES, REPORT_DESCRIPTION_MAX,
} from '../constants.ts';
import { Messages } from '../errors.ts';
import { cursorParam, flagParam, id, userGroup, uuidParam } from './common.ts';

/** A title: required, at least 3 characters, cut to 255. */
export const postTitle = v.pipe(
  v.optional(v.string('Your post needs a title'), ''),
  v.trim(),
  v.nonEmpty('Your post needs a title'),
  v.minLength(POST_TITLE_MIN, 'Title is too short'),
  v.transform((title) => [...title].slice(0, POST_TITLE_MAX).join('')),
);

export const postBody = v.pipe(v.string(), v.maxLength(POST_BODY_MAX, `The post body is too long (${POST_BODY_MAX} characters at most).`));

/**
 * True for an absolute http or https URL with a host and no spaces; the API parses such a URL
 * (`parseHttpUrl`) and checks where it leads before fetching it.
 */
export function isHttpUrl(value: string): boolean {
  return /^https?:\/\/[^\s/?#@]*@?[^\s/?#@:]+(:\d+)?([/?#]\S*)?$/i.test(value);
}

const NO_IMAGE_MESSAGE = "You haven't uploaded an image";
const INVALID_URL_MESSAGE = 'Please submit a valid URL';

/** The community a post goes to, by name. */
export const postCommunity = v.pipe(v.optional(v.string('Select a community first'), ''), v.trim(), v.nonEmpty('Select a community first'));

/** The images of a post with their captions, in order: at most 10. */
export const postImages = v.pipe(
  v.array(v.object({ imageId: id, caption: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(IMAGE_CAPTION_MAX))), null) })),
  v.maxLength(POST_IMAGES_MAX, 'Image posts cannot contain more than 10 images. Please select fewer images and continue.'),
);

/** The images of an image post as the form checks them: at least one, at most 10. */
export const imagePostImages = v.pipe(postImages, v.minLength(1, NO_IMAGE_MESSAGE));

/**
 * A link post's URL as the form checks it: an absolute http or https address. The API accepts
 * any text here and answers a malformed address with its own 400 `invalid-url`.
 */
export const linkPostUrl = v.pipe(
  v.string(INVALID_URL_MESSAGE),
  v.trim(),
  v.nonEmpty(INVALID_URL_MESSAGE),
  v.maxLength(LINK_URL_MAX, INVALID_URL_MESSAGE),
  v.check(isHttpUrl, INVALID_URL_MESSAGE),
);

/** POST /api/posts */
export const createPostBody = v.pipe(
  v.object({
    type: v.optional(v.picklist(POST_TYPES, 'Unknown post type.'), 'text'),
    title: postTitle,
    body: v.optional(v.nullable(postBody), null),
    community: postCommunity,
    userGroup: v.optional(userGroup, 'normal'),
    images: v.optional(postImages, []),
    url: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(LINK_URL_MAX, INVALID_URL_MESSAGE))), null),
  }),
  v.check((post) => post.type !== 'image' || post.images.length > 0, NO_IMAGE_MESSAGE),
  v.check((post) => post.type !== 'link' || (post.url ?? '') !== '', INVALID_URL_MESSAGE),
);
export type CreatePostBody = v.InferInput<typeof createPostBody>;

/** PUT /api/posts/{id} */
export const updatePostBody = v.object({
  title: v.optional(postTitle),
  body: v.optional(v.nullable(postBody)),
  userGroup: v.optional(userGroup),
});

/** POST /api/_postVote */
export const postVoteBody = v.object({ postId: id, up: v.boolean('up must be true or false.') });

/** POST /api/hidden_posts */
export const hidePostBody = v.object({ postId: id });

/** PUT /api/images/{id} */
export const imageAltTextBody = v.object({
  altText: v.nullable(v.pipe(v.string(), v.maxLength(ALT_TEXT_MAX, `Alt text is too long (${ALT_TEXT_MAX} characters at most).`))),
});

/** POST /api/_report */
export const reportBody = v.object({
  targetId: id,
  type: v.picklist(CONTENT_TYPES, 'Unknown report type.'),
  // A missing reason becomes NaN, which no number schema accepts: the same message as a wrong one.
  reason: v.optional(v.pipe(v.number('A report needs a reason.'), v.integer('A report needs a reason.')), Number.NaN),
  description: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(REPORT_DESCRIPTION_MAX)))),
});

export type ReportBody = v.InferOutput<typeof reportBody>;

/** GET /api/posts */
export const feedQuery = v.object({
  feed: v.optional(v.picklist(FEEDS, 'Unknown feed.'), 'all'),
  communityId: v.optional(uuidParam(Messages.communityNotFound)),
  sort: v.optional(v.picklist(FEED_SORTS, 'Unknown sort.'), DEFAULT_FEED_SORT),
  /** Posts per page; more than FEED_LIMIT_MAX reads as FEED_LIMIT_MAX. */
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'Invalid limit.'),
      v.transform((limit) => Math.min(Number(limit), FEED_LIMIT_MAX)),
      v.minValue(1, 'Invalid limit.'),
    ),
    String(FEED_LIMIT_DEFAULT),
  ),
  next: cursorParam,
  /** Modtools' lists of a community's deleted or locked posts, paged by number instead of a cursor. */
  filter: v.optional(v.picklist(MODERATED_POST_FILTERS, 'Unknown filter.')),
  page: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Invalid page.'), v.transform(Number), v.minValue(1, 'Invalid page.')),
    '1',
  ),
});
export type FeedQuery = v.InferOutput<typeof feedQuery>;

/** GET /api/posts/{publicId} */
export const getPostQuery = v.object({ fetchCommunity: flagParam() });

export const POST_ACTIONS = ['lock', 'unlock', 'changeAsUser', 'pin', 'unpin', 'announce'] as const;
export type PostAction = (typeof POST_ACTIONS)[number];

/** PUT /api/posts/{publicId}: an action in the query, or an edit in the body when there is none. */
export const postActionQuery = v.object({
  action: v.optional(v.picklist(POST_ACTIONS, Messages.unknownAction)),
  lockAs: v.optional(userGroup),
  userGroup: v.optional(userGroup),
  siteWide: flagParam(),
});
export type PostActionQuery = v.InferOutput<typeof postActionQuery>;

/** DELETE /api/posts/{publicId} */
export const deletePostQuery = v.object({ deleteAs: v.optional(userGroup, 'normal'), deleteContent: flagParam() });
