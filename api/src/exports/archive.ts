// The archive of a member's data as JSON text, made piece by piece: each array is written a page
// of rows at a time as the file takes it, so that a large account never sits whole in memory.
// The shape is DataArchive (packages/shared/src/entities/exports.ts).
import {
  DATA_ARCHIVE_FORMAT,
  type ArchiveAccount,
  type ArchiveComment,
  type ArchiveList,
  type ArchiveMembership,
  type ArchiveMutes,
  type ArchiveNotification,
  type ArchivePost,
  type ArchiveSettings,
  type ArchiveVote,
} from '@quorum/shared/entities/exports';
import type { Db } from '../db/connect.ts';
import { imageUrl } from '../images/present.ts';
import { listOwnLists } from '../lists/queries.ts';
import { listMutes } from '../mutes/queries.ts';
import { listNotifications } from '../notifications/queries.ts';
import { renderNotification } from '../notifications/render.ts';
import {
  ARCHIVE_PAGE_SIZE,
  getAccount,
  listCommentsPage,
  listCommentVotesPage,
  listListItemsPage,
  listMemberships,
  listPostsPage,
  listPostVotesPage,
  type AccountRow,
  type ArchiveCommentRow,
  type ArchivePostRow,
  type ListItemRow,
  type PointerRow,
  type VoteRow,
} from './archive-queries.ts';

// ---------------------------------------------------------------------------------------------
// Writing JSON in pieces

/** A value written by its own generator when its turn comes, instead of all at once. */
class Streamed {
  constructor(readonly write: (depth: number) => AsyncIterable<string>) {}
}

const pad = (depth: number) => '  '.repeat(depth);

/** `value` as indented JSON, its lines after the first indented to `depth`. */
const jsonAt = (value: unknown, depth: number) => JSON.stringify(value, null, 2).replaceAll('\n', `\n${pad(depth)}`);

/** An object whose fields are written in order, streamed ones when their turn comes. */
function streamedObject(fields: Record<string, unknown>): Streamed {
  return new Streamed(async function* (depth) {
    const entries = Object.entries(fields);
    yield '{';
    for (const [index, [key, value]] of entries.entries()) {
      yield `${index === 0 ? '' : ','}\n${pad(depth + 1)}${JSON.stringify(key)}: `;
      if (value instanceof Streamed) yield* value.write(depth + 1);
      else yield jsonAt(value, depth + 1);
    }
    yield entries.length === 0 ? '}' : `\n${pad(depth)}}`;
  });
}

/** An array written a page at a time: each page is one piece of text. */
function streamedArray(pages: () => AsyncIterable<readonly unknown[]>): Streamed {
  return new Streamed(async function* (depth) {
    let written = 0;
    yield '[';
    for await (const page of pages()) {
      for (const item of page) {
        const before = `${written === 0 ? '' : ','}\n${pad(depth + 1)}`;
        written += 1;
        if (item instanceof Streamed) {
          yield before;
          yield* item.write(depth + 1);
        } else {
          yield before + jsonAt(item, depth + 1);
        }
      }
    }
    yield written === 0 ? ']' : `\n${pad(depth)}]`;
  });
}

/**
 * The pages of a keyset walk: `read` is given the last row of the page before (none for the
 * first) and answers at most ARCHIVE_PAGE_SIZE rows; a shorter page is the last.
 */
async function* pages<R, T>(read: (last: R | undefined) => Promise<R[]>, present: (row: R) => T): AsyncGenerator<T[]> {
  let last: R | undefined;
  for (;;) {
    const rows = await read(last);
    if (rows.length > 0) yield rows.map(present);
    if (rows.length < ARCHIVE_PAGE_SIZE) return;
    last = rows.at(-1);
  }
}

/** One page holding everything `read` answers (for what is small: lists, mutes). */
async function* onePage<T>(read: () => Promise<readonly T[]>): AsyncGenerator<readonly T[]> {
  yield await read();
}

// ---------------------------------------------------------------------------------------------
// Rows as the archive shows them

/** Addresses in the archive are the site's own, whole. */
class Site {
  constructor(readonly origin: string) {}

  post(community: string, publicId: string, commentId?: string | null): string {
    const path = `/${encodeURIComponent(community)}/post/${encodeURIComponent(publicId)}`;
    return this.origin + (commentId ? `${path}/${encodeURIComponent(commentId)}` : path);
  }

  image(id: string, format: string): string {
    return this.origin + imageUrl(id, format);
  }

  /** An address of the app (`/…`) made whole; null for one that leads nowhere. */
  page(path: string): string | null {
    return path.startsWith('/') ? this.origin + path : null;
  }
}

const iso = (date: Date | string) => new Date(date).toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

function presentAccount(row: AccountRow, site: Site): ArchiveAccount {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    emailConfirmed: row.emailConfirmedAt !== null,
    aboutMe: row.aboutMe,
    profilePicture: row.proPicId && row.proPicFormat ? site.image(row.proPicId, row.proPicFormat) : null,
    points: row.points,
    isAdmin: row.isAdmin,
    noPosts: row.noPosts,
    noComments: row.noComments,
    createdAt: row.createdAt.toISOString(),
    lastSeen: row.lastSeen.toISOString(),
    badges: row.badges.map((badge) => ({ type: badge.type, givenAt: iso(badge.givenAt) })),
    moderates: row.moderates,
  };
}

function presentSettings(row: AccountRow): ArchiveSettings {
  return {
    embedsOff: row.embedsOff,
    homeFeed: row.homeFeed,
    rememberFeedSort: row.rememberFeedSort,
    upvoteNotificationsOff: row.upvoteNotificationsOff,
    replyNotificationsOff: row.replyNotificationsOff,
    moderationNotificationsOff: row.moderationNotificationsOff,
    announcementNotificationsOff: row.announcementNotificationsOff,
    hideUserProfilePictures: row.hideUserProfilePictures,
    requireAltText: row.requireAltText,
  };
}

function presentPost(row: ArchivePostRow, site: Site): ArchivePost {
  return {
    id: row.publicId,
    url: site.post(row.community, row.publicId),
    type: row.type,
    community: row.community,
    title: row.title,
    body: row.body,
    link: row.linkUrl,
    images: row.images.map((image) => ({ url: site.image(image.id, image.format), altText: image.altText, caption: image.caption })),
    postedAs: row.userGroup,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    noComments: row.noComments,
    createdAt: row.createdAt.toISOString(),
    editedAt: isoOrNull(row.editedAt),
    locked: row.lockedAt !== null,
    awaitingApproval: row.heldAt !== null,
    deletedAt: isoOrNull(row.deletedAt),
    deletedAs: row.deletedAs,
    contentDeleted: row.deletedContentAt !== null,
  };
}

function presentComment(row: ArchiveCommentRow, site: Site): ArchiveComment {
  return {
    id: row.id,
    url: site.post(row.community, row.postPublicId, row.id),
    community: row.community,
    postId: row.postPublicId,
    postTitle: row.postTitle,
    parentId: row.parentId,
    body: row.body,
    postedAs: row.userGroup,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    createdAt: row.createdAt.toISOString(),
    editedAt: isoOrNull(row.editedAt),
    awaitingApproval: row.heldAt !== null,
    deletedAt: isoOrNull(row.deletedAt),
    deletedAs: row.deletedAs,
  };
}

/** What a vote or list item points at: an id, a title and an address, and no more. */
function presentPointer(row: PointerRow, site: Site) {
  return {
    type: row.targetType,
    id: row.commentId ?? row.postPublicId,
    title: row.visible ? row.postTitle : null,
    url: row.visible ? site.post(row.community, row.postPublicId, row.commentId) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The archive

/**
 * The archive of the member `userId` as pieces of JSON text; nothing when the account is gone.
 * Read statement by statement, not in one snapshot: what changes while it is made may show as it
 * was or as it became.
 */
export async function* archiveText(db: Db, userId: string, origin: string): AsyncGenerator<string> {
  const account = await getAccount(db, userId);
  if (!account) return;
  const site = new Site(origin);
  const lists = await listOwnLists(db, userId);
  const archive = streamedObject({
    exportedAt: new Date().toISOString(),
    format: DATA_ARCHIVE_FORMAT,
    site: origin,
    account: presentAccount(account, site),
    settings: presentSettings(account),
    communities: streamedArray(() =>
      onePage(async () => (await listMemberships(db, userId)).map((row): ArchiveMembership => ({ community: row.community, joinedAt: iso(row.joinedAt) }))),
    ),
    posts: streamedArray(() => pages((last?: ArchivePostRow) => listPostsPage(db, userId, last?.id), (row) => presentPost(row, site))),
    comments: streamedArray(() => pages((last?: ArchiveCommentRow) => listCommentsPage(db, userId, last?.id), (row) => presentComment(row, site))),
    votes: streamedObject({
      posts: streamedArray(() =>
        pages((last?: VoteRow) => listPostVotesPage(db, userId, last?.targetId), (row): ArchiveVote => ({ ...presentPointer(row, site), up: row.up, votedAt: iso(row.createdAt) })),
      ),
      comments: streamedArray(() =>
        pages((last?: VoteRow) => listCommentVotesPage(db, userId, last?.targetId), (row): ArchiveVote => ({ ...presentPointer(row, site), up: row.up, votedAt: iso(row.createdAt) })),
      ),
    }),
    lists: streamedArray(() =>
      onePage(async () =>
        lists.map((list) => {
          const fields: Omit<ArchiveList, 'items'> = {
            name: list.name,
            displayName: list.displayName,
            description: list.description,
            public: list.public,
            createdAt: list.createdAt.toISOString(),
          };
          const items = streamedArray(() =>
            pages(
              (last?: ListItemRow) => listListItemsPage(db, list.id, userId, last && { createdUs: last.createdUs, id: last.id }),
              (row) => ({ ...presentPointer(row, site), addedAt: iso(row.createdAt) }),
            ),
          );
          return streamedObject({ ...fields, items });
        }),
      ),
    ),
    mutes: await presentMutes(db, userId),
    notifications: streamedArray(() => notificationPages(db, userId, site)),
  });
  yield* archive.write(0);
  yield '\n';
}

async function presentMutes(db: Db, userId: string): Promise<ArchiveMutes> {
  const { userMutes, communityMutes } = await listMutes(db, userId);
  return {
    users: userMutes.map((mute) => ({ username: mute.name, mutedAt: mute.createdAt.toISOString() })),
    communities: communityMutes.map((mute) => ({ name: mute.name, mutedAt: mute.createdAt.toISOString() })),
  };
}

/** The member's notifications, the most recently changed first, titled in plain text. */
async function* notificationPages(db: Db, userId: string, site: Site): AsyncGenerator<ArchiveNotification[]> {
  let after: { sort: string; value: number; id: string } | undefined;
  for (;;) {
    const rows = await listNotifications(db, userId, after, ARCHIVE_PAGE_SIZE);
    const page = rows.slice(0, ARCHIVE_PAGE_SIZE);
    yield page.map((row) => {
      const rendered = renderNotification(row, 'text');
      return { type: row.type, title: rendered.title, url: site.page(rendered.toURL), createdAt: rendered.createdAt, seenAt: rendered.seenAt };
    });
    const last = page.at(-1);
    if (rows.length <= ARCHIVE_PAGE_SIZE || !last) return;
    after = { sort: 'archive', value: last.position, id: last.id };
  }
}
