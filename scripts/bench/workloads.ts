// What the benchmark sends: each workload is a stream of requests per connection. Everything a
// workload needs (ids, cursors, sessions) is found through the API, as a client would find it.
import { randomUUID } from 'node:crypto';
import { NOTIFICATIONS_PAGE_SIZE, SEARCH_PAGE_SIZE } from '@quorum/shared/constants';
import type { Post } from '@quorum/shared/entities/posts';
import { IDEMPOTENCY_KEY_HEADER } from '@quorum/shared/http-names';
import { SEED_ADMIN, SEED_MEMBER, SEED_PASSWORD, type SeedSizes } from '../../api/src/seed/seed.ts';
import { SEED_WORDS } from '../../api/src/seed/words.ts';
import type { Load, LoadRequest } from './load.ts';
import { logIn, newSession, type Session } from './sessions.ts';

export interface Workload {
  name: string;
  /** Feeds are compared between data sizes (p50 large ÷ small). */
  feed: boolean;
  load: Load;
  /** A request of the workload, for explaining its statements (as the first connection sends it). */
  sample: LoadRequest;
  /** Runs before the workload is measured, and after. */
  setUp?: () => Promise<void>;
  tearDown?: () => Promise<void>;
}

/** Watched words per list in the writing workloads that screen: a community's and the site's. */
export const BENCH_WATCHED_WORDS = 200;

const VOTERS = 16;
/** A seeded account the benchmark makes a member of many communities, and how many. */
const WIDE_MEMBER = 'user_0000003';
const WIDE_MEMBER_JOINS = 200;

/** The public id the seed gives post number `n`. */
export const seededPublicId = (n: number) => n.toString(16).padStart(8, '0');

function same(request: LoadRequest): Load {
  return { next: () => () => request };
}

function rotating(requests: (connection: number, index: number) => LoadRequest): Load {
  return {
    next: (connection) => {
      let index = 0;
      return () => requests(connection, index++);
    },
  };
}

/**
 * The workloads, found through the API at `origin`. `loggedIn` is called once the sessions are
 * made, before anything else is read (the server then holds only what logging in left).
 */
export async function prepareWorkloads(origin: string, sizes: SeedSizes, connections: number, loggedIn: () => void = () => {}): Promise<Workload[]> {
  const visitor = newSession(origin);
  await visitor.client.getInitial();
  const member = await logIn(origin, SEED_MEMBER, SEED_PASSWORD);
  // Every connection of the write workloads acts as its own user.
  const voters: Session[] = [];
  for (let i = 0; i < Math.max(connections, VOTERS); i++) {
    voters.push(await logIn(origin, `user_${String(100 + i).padStart(7, '0')}`, SEED_PASSWORD));
  }
  const voterHeaders = (connection: number) => voters[connection % voters.length]?.headers() ?? {};
  /** A voter's headers for a write the app sends through its outbox, which gives each one a key of its own. */
  const outboxHeaders = (connection: number) => ({ ...voterHeaders(connection), [IDEMPOTENCY_KEY_HEADER]: randomUUID() });
  const admin = await logIn(origin, SEED_ADMIN, SEED_PASSWORD);
  const wide = await logIn(origin, WIDE_MEMBER, SEED_PASSWORD);
  loggedIn();

  const community = await visitor.client.getCommunityByName('community_0001');
  const bigThread = seededPublicId(sizes.posts);
  const mediumThread = seededPublicId(sizes.posts - 1);
  // Comments made under load go to another post, so that the measured threads keep their size.
  const commentedPost = seededPublicId(sizes.posts - 2);
  const thread = await visitor.client.getPost(bigThread);
  const mediumThreadPage = `/${(await visitor.client.getPost(mediumThread)).communityName}/post/${mediumThread}`;
  const parent = (thread.comments ?? [])
    .filter((comment) => comment.parentId === null)
    .sort((a, b) => b.noReplies - a.noReplies)[0];

  let deepCursor: string | null = null;
  for (let page = 0; page < 40; page++) {
    deepCursor = (await visitor.client.getPosts({ feed: 'all', sort: 'hot', next: deepCursor })).next;
    if (!deepCursor) break;
  }
  const recent: Post[] = [];
  let next: string | null = null;
  for (let page = 0; page < 20; page++) {
    const result = await visitor.client.getPosts({ feed: 'all', sort: 'latest', limit: 50, next });
    recent.push(...result.posts);
    next = result.next;
    if (!next) break;
  }
  const hotFirst = (await visitor.client.getPosts({ feed: 'all', sort: 'hot', limit: 1 })).posts[0];
  if (!hotFirst || recent.length === 0) throw new Error('The data set has no posts.');

  const get = (path: string, headers?: Record<string, string>): LoadRequest => ({ method: 'GET', path, headers });
  const feed = (query: string, headers?: Record<string, string>) => get(`/api/posts?${query}`, headers);
  const vote = (postId: string, connection: number): LoadRequest => ({
    method: 'POST',
    path: '/api/_postVote',
    body: JSON.stringify({ postId, up: true }),
    headers: outboxHeaders(connection),
  });
  // The member reads as one who has not written for a while: the marker their login left is gone
  // (see RECENT_WRITE_COOKIE), so their pages may start from the shared ones.
  await member.settle();
  const memberHeaders = member.headers();
  const searches = await prepareSearches(visitor, recent);
  const search = (kind: keyof Searches, headers?: Record<string, string>) => (index: number) => {
    const list = searches[kind];
    return get(`/api/search?q=${encodeURIComponent(list[index % list.length] ?? 'garden')}`, headers);
  };
  // Each search of this workload is new to the server, so none is answered from the visitors' kept pages.
  let uniqueSearches = 0;
  const newSearch = (): LoadRequest => {
    const n = uniqueSearches++;
    const { common } = searches;
    return get(`/api/search?q=${encodeURIComponent(`${common[n % common.length]} ${common[Math.floor(n / common.length) % common.length]}`)}`);
  };

  // A member of many communities, and the member's notifications, made once through the API.
  const joined = await joinLargest(wide, WIDE_MEMBER_JOINS);
  await ensureNotifications(member, voters);
  await wide.settle();
  const wideHeaders = wide.headers();

  const postedIn = await visitor.client.getCommunityByName('community_0002');
  const commentedIn = (await visitor.client.getPost(commentedPost)).communityId;
  const createPost = (connection: number, index: number): LoadRequest => ({
    method: 'POST',
    path: '/api/posts',
    body: JSON.stringify({ type: 'text', community: postedIn.name, title: `A post made under load, number ${index}`, body: 'Some words of a post.' }),
    headers: voterHeaders(connection),
  });
  const createComment = (connection: number, index: number): LoadRequest => ({
    method: 'POST',
    path: `/api/posts/${commentedPost}/comments`,
    body: JSON.stringify({ body: `A comment made under load, number ${index}.` }),
    headers: outboxHeaders(connection),
  });
  // Words no text of the load has, as most posts have none of a list's words: what screening costs
  // is matching, not acting.
  const words = (list: string) =>
    Array.from({ length: BENCH_WATCHED_WORDS }, (_, i) => ({
      pattern: i % 4 === 0 ? `${list}word${i}*` : `${list} phrase ${i}`,
      action: (['block', 'hold', 'report', 'replace'] as const)[i % 4],
      replacement: i % 4 === 3 ? 'replaced' : null,
      rule: `Rule ${i}`,
      appliesToMods: false,
    }));
  const putLists = async (on: boolean) => {
    const put = (path: string, body: unknown) =>
      fetch(`${origin}${path}`, { method: 'PUT', headers: { ...admin.headers(), 'content-type': 'application/json' }, body: JSON.stringify(body) })
        .then((response) => {
          if (!response.ok) throw new Error(`PUT ${path}: ${response.status}`);
        });
    const newMembers = { minAgeDays: 0, minPoints: 0, comments: false };
    for (const id of new Set([postedIn.id, commentedIn])) await put(`/api/communities/${id}/automod`, { words: on ? words('community') : [], newMembers });
    await put('/api/automod', { words: on ? words('site') : [] });
  };
  const screened = { setUp: () => putLists(true), tearDown: () => putLists(false) };

  const workloads: Workload[] = [
    { name: 'hot feed, visitor', feed: true, ...withSample(same(feed('feed=all&sort=hot'))) },
    { name: 'latest feed', feed: true, ...withSample(same(feed('feed=all&sort=latest'))) },
    { name: 'activity feed', feed: true, ...withSample(same(feed('feed=all&sort=activity'))) },
    { name: 'top-day feed', feed: true, ...withSample(same(feed('feed=all&sort=day'))) },
    { name: 'top-week feed', feed: true, ...withSample(same(feed('feed=all&sort=week'))) },
    { name: 'hot feed, page 41', feed: true, ...withSample(same(feed(`feed=all&sort=hot&next=${deepCursor ?? ''}`))) },
    { name: 'community hot feed', feed: true, ...withSample(same(feed(`communityId=${community.id}&sort=hot`))) },
    { name: 'home feed, member of 20', feed: true, ...withSample(same(feed('feed=home&sort=hot', memberHeaders))) },
    { name: 'home feed, latest, member', feed: true, ...withSample(same(feed('feed=home&sort=latest', memberHeaders))) },
    { name: 'hot feed, logged in', feed: true, ...withSample(same(feed('feed=all&sort=hot', memberHeaders))) },
    { name: 'top-day feed, logged in', feed: true, ...withSample(same(feed('feed=all&sort=day', memberHeaders))) },
    { name: 'community hot feed, logged in', feed: true, ...withSample(same(feed(`communityId=${community.id}&sort=hot`, memberHeaders))) },
    { name: `home feed, member of ${joined}`, feed: true, ...withSample(same(feed('feed=home&sort=hot', wideHeaders))) },
    { name: '_initial, member', feed: false, ...withSample(same(get('/api/_initial', memberHeaders))) },
    { name: 'profile feed, logged in', feed: false, ...withSample(same(get(`/api/users/${SEED_ADMIN}/feed`, memberHeaders))) },
    { name: 'notifications, member', feed: false, ...withSample(same(get('/api/notifications?render=true&format=html', memberHeaders))) },
    { name: 'post with 500 comments', feed: false, ...withSample(same(get(`/api/posts/${mediumThread}`))) },
    // The page a visitor's browser opens, drawn on the server (from the visitor micro-cache once
    // drawn), asked for as a browser does.
    { name: 'post page with 500 comments, drawn', feed: false, ...withSample(same(get(mediumThreadPage, { accept: 'text/html', 'accept-encoding': 'br' }))) },
    { name: 'post with 2,000 comments', feed: false, ...withSample(same(get(`/api/posts/${bigThread}`))) },
    { name: 'post with 500 comments, logged in', feed: false, ...withSample(same(get(`/api/posts/${mediumThread}`, memberHeaders))) },
    ...(parent
      ? [{ name: 'reply page', feed: false, ...withSample(same(get(`/api/posts/${bigThread}/comments?parentId=${parent.id}`))) }]
      : []),
    { name: 'search, one common word', feed: false, ...withSample(rotating((connection, index) => search('one')(connection * 13 + index))) },
    { name: 'search, two words', feed: false, ...withSample(rotating((connection, index) => search('two')(connection * 13 + index))) },
    { name: 'search, three words', feed: false, ...withSample(rotating((connection, index) => search('three')(connection * 13 + index))) },
    { name: 'search, a rare word', feed: false, ...withSample(rotating((connection, index) => search('rare')(connection * 13 + index))) },
    { name: 'search, author: and a word', feed: false, ...withSample(rotating((connection, index) => search('author')(connection * 13 + index))) },
    { name: 'search, in: and a word', feed: false, ...withSample(rotating((connection, index) => search('community')(connection * 13 + index))) },
    { name: 'search, a phrase', feed: false, ...withSample(rotating((connection, index) => search('phrase')(connection * 13 + index))) },
    { name: 'search, two words, member', feed: false, ...withSample(rotating((connection, index) => search('two', memberHeaders)(connection * 13 + index))) },
    { name: 'search, two words, each search new', feed: false, ...withSample({ next: () => newSearch }) },
    {
      name: 'vote, distinct posts',
      feed: false,
      ...withSample(rotating((connection, index) => vote(recent[(connection * 997 + index) % recent.length]?.id ?? hotFirst.id, connection))),
    },
    { name: 'vote, one post', feed: false, ...withSample(rotating((connection) => vote(hotFirst.id, connection))) },
    {
      name: 'mixed: 90% reads, 8% votes, 2% comments',
      feed: false,
      ...withSample(
        rotating((connection, index) => {
          const roll = ((connection * 7919 + index * 104729) % 1000) / 1000;
          if (roll < 0.55) return feed('feed=all&sort=hot');
          if (roll < 0.8) return get(`/api/posts/${mediumThread}`);
          if (roll < 0.9) return feed('feed=home&sort=hot', voterHeaders(connection));
          if (roll < 0.98) return vote(recent[(connection * 31 + index) % recent.length]?.id ?? hotFirst.id, connection);
          return {
            method: 'POST',
            path: `/api/posts/${commentedPost}/comments`,
            body: JSON.stringify({ body: `A comment made under load, number ${index}.` }),
            headers: voterHeaders(connection),
          };
        }),
      ),
    },
    { name: 'create post', feed: false, ...withSample(rotating(createPost)) },
    { name: 'create comment', feed: false, ...withSample(rotating(createComment)) },
    { name: `create post, ${2 * BENCH_WATCHED_WORDS} watched words`, feed: false, ...withSample(rotating(createPost)), ...screened },
    { name: `create comment, ${2 * BENCH_WATCHED_WORDS} watched words`, feed: false, ...withSample(rotating(createComment)), ...screened },
  ];
  return workloads;
}

/** Searches of each kind, of the data set's own words, so that each finds something. */
interface Searches {
  /** Words that match at least a page of posts each. */
  common: string[];
  one: string[];
  two: string[];
  three: string[];
  /** Words of the end of the word list, which the seed picks least often. */
  rare: string[];
  author: string[];
  community: string[];
  phrase: string[];
}

async function prepareSearches(visitor: Session, recent: Post[]): Promise<Searches> {
  const finds = async (q: string, atLeast: number) =>
    (await visitor.client.search({ q })).items.length >= atLeast;
  // Stop words match nothing: only words that find a full page count as common.
  const common: string[] = [];
  for (const word of SEED_WORDS.slice(0, 300).filter((w) => w.length > 3)) {
    if (common.length >= 60) break;
    if (await finds(word, SEARCH_PAGE_SIZE)) common.push(word);
  }
  const rare: string[] = [];
  for (const word of SEED_WORDS.slice(-80).filter((w) => w.length > 3)) {
    if (rare.length >= 40) break;
    if (await finds(word, 1)) rare.push(word);
  }
  if (common.length < 10 || rare.length === 0) throw new Error('The data set has too few words to search for.');
  const word = (i: number) => common[i % common.length]!;
  // Two neighbouring words of a title that are not stop words: a phrase that is there.
  const phrase: string[] = [];
  for (const post of recent) {
    if (phrase.length >= 40) break;
    const words = post.title.toLowerCase().split(/\s+/);
    const at = words.findIndex((w, i) => common.includes(w) && common.includes(words[i + 1] ?? ''));
    if (at >= 0) phrase.push(`"${words[at]} ${words[at + 1]}"`);
  }
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  return {
    common,
    one: range(50).map(word),
    two: range(50).map((i) => `${word(i)} ${word(i + 7)}`),
    three: range(50).map((i) => `${word(i)} ${word(i + 7)} ${word(i + 19)}`),
    rare,
    author: recent.slice(0, 50).map((post, i) => `author:${post.username} ${word(i)}`),
    community: recent.slice(0, 50).map((post, i) => `in:${post.communityName} ${word(i)}`),
    phrase: phrase.length > 0 ? phrase : range(10).map((i) => `"${word(i)} ${word(i + 1)}"`),
  };
}

/** Makes `session` a member of the `count` largest communities (or of all there are); answers how many that is. */
async function joinLargest(session: Session, count: number): Promise<number> {
  const largest: Array<{ id: string; userJoined: boolean }> = [];
  let next: string | null = null;
  do {
    const page = await session.client.getCommunities({ sort: 'size', limit: 50, next });
    largest.push(...page.communities);
    next = page.next;
  } while (next && largest.length < count);
  const chosen = largest.slice(0, count);
  for (const community of chosen) if (!community.userJoined) await session.client.joinCommunity(community.id);
  return chosen.length;
}

/**
 * Leaves `member` at least a page of notifications: a voter's reply to each of as many of the
 * member's posts (replies to one post make one notification).
 */
async function ensureNotifications(member: Session, voters: Session[]): Promise<void> {
  if ((await member.client.getNotifications(null)).items.length >= NOTIFICATIONS_PAGE_SIZE) return;
  const own = (await member.client.getUserFeed(SEED_MEMBER, { filter: 'posts' })).items.flatMap((item) => (item.type === 'post' ? [item.item] : []));
  if (own.length < NOTIFICATIONS_PAGE_SIZE) throw new Error(`${SEED_MEMBER} has too few posts to be replied to.`);
  for (const [i, post] of own.slice(0, NOTIFICATIONS_PAGE_SIZE).entries()) {
    await voters[i % voters.length]!.client.createComment(post.publicId, { body: `A reply for the notifications page, number ${i}.` });
  }
  // Notifications are made by a background job.
  for (let tries = 0; tries < 100; tries++) {
    if ((await member.client.getNotifications(null)).items.length >= NOTIFICATIONS_PAGE_SIZE) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${SEED_MEMBER} got no notifications for the replies.`);
}

function withSample(load: Load): { load: Load; sample: LoadRequest } {
  return { load, sample: load.next(0)() };
}
