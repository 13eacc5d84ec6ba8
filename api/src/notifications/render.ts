// Titles, links and icons of notifications, written on the server. Everything users wrote (post
// titles, names, notes) is escaped; only the <b> around key words is markup.
import type { Notification } from '@quorum/shared/entities/notifications';
import { escapeHtml } from '@quorum/shared/format';
import { imageUrl, type ImageJson } from '../images/present.ts';
import type { NotificationRow } from './queries.ts';

export type TitleFormat = 'html' | 'text';

/** Where no user, post or community picture applies: the app's icon, at the address the reference uses. */
const DEFAULT_ICON = '/favicon.png';

function postHref(row: NotificationRow, commentId?: string): string {
  if (!row.postPublicId || !row.communityName) return '/';
  const base = `/${encodeURIComponent(row.communityName)}/post/${encodeURIComponent(row.postPublicId)}`;
  return commentId ? `${base}/${encodeURIComponent(commentId)}` : base;
}

const unixSeconds = (iso: unknown) => Math.floor(new Date(String(iso)).getTime() / 1000);

/** A merged comment notification links to the comments it gathered, highlighted by time. */
function highlighted(href: string, payload: Record<string, unknown>): string {
  return `${href}?highlightFrom=${unixSeconds(payload.firstCreatedAt)}&highlightTo=${unixSeconds(payload.lastCreatedAt)}`;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function tinyUrl(image: ImageJson | null): string | null {
  if (!image) return null;
  const tiny = image.copies.find((copy) => copy.name === 'tiny');
  return tiny ? imageUrl(image.id, tiny.format ?? image.format, 'tiny') : imageUrl(image.id, image.format);
}

const groupName = (group: unknown) => (group === 'admins' ? 'admins' : 'moderators');

/** The reason a moderator gave, after a colon; nothing when none was given. */
function because(payload: Record<string, unknown>, strong: (text: string) => string): string {
  return typeof payload.reason === 'string' && payload.reason !== '' ? `: ${strong(payload.reason)}` : '';
}

/** The title in the words of its type, with `strong` marking key words; and where it leads. */
/** Who wrote the latest of several new comments. */
function latestBy(payload: Record<string, unknown>, strong: (text: string) => string): string {
  return `, the latest by ${strong(`@${String(payload.commentAuthor)}`)}`;
}

function describe(row: NotificationRow, strong: (text: string) => string): { title: string; toURL: string } {
  const payload = row.payload;
  const hidden = row.postTitle === null || (row.postDeleted && !row.ownPost);
  const post = strong(hidden ? '[deleted post]' : (row.postTitle ?? ''));
  const community = row.communityName ? strong(row.communityName) : '';
  switch (row.type) {
    case 'new_comment': {
      const count = Number(payload.noComments);
      if (count > 1) {
        return { title: `${strong(`${count} new comments`)} on your post ${post}${latestBy(payload, strong)}`, toURL: highlighted(postHref(row), payload) };
      }
      return { title: `${strong(`@${String(payload.commentAuthor)}`)} commented on your post ${post}`, toURL: postHref(row, String(payload.commentId)) };
    }
    case 'comment_reply': {
      const count = Number(payload.noComments);
      const parent = String(payload.parentCommentId);
      if (count > 1) {
        return {
          title: `${strong(`${count} new replies`)} to your comment on ${post}${latestBy(payload, strong)}`,
          toURL: highlighted(postHref(row, parent), payload),
        };
      }
      return { title: `${strong(`@${String(payload.commentAuthor)}`)} replied to your comment on ${post}`, toURL: postHref(row, String(payload.commentId)) };
    }
    case 'new_votes': {
      const votes = strong(plural(Number(payload.noVotes), 'upvote', 'upvotes'));
      if (payload.targetType === 'comment') return { title: `${votes} on your comment in ${post}`, toURL: postHref(row, String(payload.targetId)) };
      return { title: `${votes} on your post ${post}`, toURL: postHref(row) };
    }
    case 'deleted_post':
      return { title: `Your post ${post} was removed by the ${groupName(payload.deletedAs)}${because(payload, strong)}`, toURL: postHref(row) };
    case 'deleted_comment':
      return {
        title: `Your comment on ${post} was removed by the ${groupName(payload.deletedAs)}${because(payload, strong)}`,
        toURL: postHref(row, String(payload.commentId)),
      };
    case 'post_locked':
      return { title: `Your post ${post} was locked by the ${groupName(payload.lockedAs)}${because(payload, strong)}`, toURL: postHref(row) };
    case 'approved':
      return payload.commentId
        ? { title: `Your comment on ${post} was approved by the moderators`, toURL: postHref(row, String(payload.commentId)) }
        : { title: `Your post ${post} was approved by the moderators`, toURL: postHref(row) };
    case 'mod_add':
      return {
        title: `${strong(`@${String(payload.addedBy)}`)} made you a moderator of ${community}`,
        toURL: row.communityName ? `/${encodeURIComponent(row.communityName)}` : '/',
      };
    case 'new_badge':
      return { title: `You were given the ${strong(String(payload.badgeType))} badge`, toURL: `/@${encodeURIComponent(row.recipientName)}` };
    case 'welcome':
      return row.communityName
        ? { title: `Welcome to Quorum! Say hello in ${community}`, toURL: `/${encodeURIComponent(row.communityName)}` }
        : { title: `Welcome to Quorum! Find ${strong('communities')} to join`, toURL: '/communities' };
    case 'announcement':
      return { title: `Announcement: ${post}`, toURL: postHref(row) };
    case 'denied_comm':
      return { title: `Your community request was denied: ${strong(String(payload.body ?? ''))}`, toURL: '#' };
  }
}

/** A notification as the API answers it, its title in HTML or plain text. */
export function renderNotification(row: NotificationRow, format: TitleFormat): Notification {
  const strong = format === 'html' ? (text: string) => `<b>${escapeHtml(text)}</b>` : (text: string) => text;
  const { title, toURL } = describe(row, strong);
  const icon = tinyUrl(row.actorImage) ?? tinyUrl(row.postImage) ?? tinyUrl(row.communityImage) ?? DEFAULT_ICON;
  return {
    id: row.id,
    type: row.type,
    seen: row.seenAt !== null,
    seenAt: row.seenAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    title,
    toURL,
    icons: [icon],
  };
}
