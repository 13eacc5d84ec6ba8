import type { Comment } from '@quorum/shared/entities/comments';
import type { Community } from '@quorum/shared/entities/communities';
import type { List } from '@quorum/shared/entities/lists';
import type { Post, PostsPage } from '@quorum/shared/entities/posts';
import type { InitialData } from '@quorum/shared/entities/site';
import type { User } from '@quorum/shared/entities/users';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { writeComment } from './comment-cache.ts';
import { writeCommunity } from './community-cache.ts';
import { keyRoots } from './key-roots.ts';
import { writeList } from './list-cache.ts';
import { writePost } from './post-cache.ts';
import { writeUser } from './user-cache.ts';

function community(id: string, userJoined = false): Community {
  return { id, name: `c${id}`, noMembers: 1, userJoined, userMod: false, isMuted: false, mods: [], rules: [] } as unknown as Community;
}

function comment(id: string): Comment {
  return { id, postPublicId: 'pub1', parentId: null, depth: 0, body: 'hi', upvotes: 0 } as unknown as Comment;
}

function post(id: string, extra: Partial<Post> = {}): Post {
  return { id, publicId: `pub${id}`, title: `Post ${id}`, upvotes: 1, downvotes: 0, communityId: 'x', ...extra } as Post;
}

const feedKey = [...keyRoots.feeds, { sort: 'hot' }];
const detailKey = [...keyRoots.posts, 'detail', 'pub1'];

function cacheWithCopies(): QueryClient {
  const client = new QueryClient();
  const page: PostsPage = { posts: [post('1', { community: community('x') }), post('2')], next: null };
  client.setQueryData<InfiniteData<PostsPage>>(feedKey, { pages: [page], pageParams: [null] });
  client.setQueryData(detailKey, post('1', { community: community('x'), comments: [comment('k1')] }));
  client.setQueryData([...keyRoots.communities, 'detail', 'cx'], community('x'));
  client.setQueryData([...keyRoots.comments, 'post', 'pub1', 'list'], { pages: [{ comments: [comment('k1')], next: null }], pageParams: [null] });
  client.setQueryData([...keyRoots.session, 'initial'], { user: null, communities: [community('x')] } as unknown as InitialData);
  return client;
}

const feedPosts = (client: QueryClient) => client.getQueryData<InfiniteData<PostsPage>>(feedKey)?.pages[0]?.posts ?? [];

describe('the post writer', () => {
  it('changes the post in every feed and on its page, and leaves the others as they were', () => {
    const client = cacheWithCopies();
    const other = feedPosts(client)[1];
    writePost(client, '1', (cached) => ({ ...cached, upvotes: 7 }));
    expect(feedPosts(client)[0]?.upvotes).toBe(7);
    expect(client.getQueryData<Post>(detailKey)?.upvotes).toBe(7);
    expect(feedPosts(client)[1]).toBe(other);
  });

  it('keeps the cached comments and community when the server answers without them', () => {
    const client = cacheWithCopies();
    writePost(client, post('1', { upvotes: 4 }));
    const detail = client.getQueryData<Post>(detailKey);
    expect(detail?.upvotes).toBe(4);
    expect(detail?.comments).toHaveLength(1);
    expect(detail?.community?.id).toBe('x');
  });

  it('keeps the time each query was updated', () => {
    const client = cacheWithCopies();
    const before = client.getQueryState(detailKey)?.dataUpdatedAt;
    writePost(client, '1', (cached) => ({ ...cached, upvotes: 2 }));
    expect(client.getQueryState(detailKey)?.dataUpdatedAt).toBe(before);
  });
});

describe('the community writer', () => {
  it('changes the community on its page, in the bootstrap data and inside every post of it', () => {
    const client = cacheWithCopies();
    writeCommunity(client, { ...community('x', true), noMembers: 2 });
    expect(client.getQueryData<Community>([...keyRoots.communities, 'detail', 'cx'])?.userJoined).toBe(true);
    expect(client.getQueryData<InitialData>([...keyRoots.session, 'initial'])?.communities[0]?.noMembers).toBe(2);
    expect(feedPosts(client)[0]?.community?.userJoined).toBe(true);
    expect(client.getQueryData<Post>(detailKey)?.community?.userJoined).toBe(true);
  });

  it('keeps the joined communities of the bootstrap data in name order: a join puts it in, a leave takes it out', () => {
    const client = new QueryClient();
    const initial = [...keyRoots.session, 'initial'];
    client.setQueryData(initial, { user: { id: 'u1' }, communities: [community('a', true), community('c', true)] } as unknown as InitialData);
    const joined = () => client.getQueryData<InitialData>(initial)?.communities.map((item) => item.name);
    writeCommunity(client, community('B', true));
    expect(joined()).toEqual(['ca', 'cB', 'cc']);
    writeCommunity(client, 'a', (cached) => ({ ...cached, noMembers: 5 }));
    expect(joined()).toEqual(['ca', 'cB', 'cc']);
    expect(client.getQueryData<InitialData>(initial)?.communities[0]?.noMembers).toBe(5);
    writeCommunity(client, community('B', false));
    expect(joined()).toEqual(['ca', 'cc']);
  });
});

describe('the comment writer', () => {
  it('changes the comment in the thread and in the first page that came with the post', () => {
    const client = cacheWithCopies();
    writeComment(client, 'k1', (cached) => ({ ...cached, upvotes: 3 }));
    const list = client.getQueryData<InfiniteData<{ comments: Comment[] }>>([...keyRoots.comments, 'post', 'pub1', 'list']);
    expect(list?.pages[0]?.comments[0]?.upvotes).toBe(3);
    expect(client.getQueryData<Post>(detailKey)?.comments?.[0]?.upvotes).toBe(3);
  });
});

function list(id: string, extra: Partial<List> = {}): List {
  return { id, userId: 'u1', username: 'ann', name: `l${id}`, displayName: `List ${id}`, description: null, public: true, numItems: 0, createdAt: '', lastUpdatedAt: '', ...extra };
}

function user(extra: Partial<User> = {}): User {
  return { id: 'u1', username: 'ann', points: 1, aboutMe: null, ...extra } as User;
}

describe('the list writer', () => {
  it('changes the list on its page, in the owner’s lists and in the bootstrap data, and leaves the others', () => {
    const client = new QueryClient();
    const detail = [...keyRoots.lists, 'user', 'ann', 'detail', 'l1'];
    const index = [...keyRoots.lists, 'user', 'ann', 'index', { sort: 'updated', filter: 'all' }];
    const initial = [...keyRoots.session, 'initial'];
    client.setQueryData(detail, list('1'));
    client.setQueryData(index, [list('1'), list('2')]);
    client.setQueryData(initial, { user: null, lists: [list('2'), list('1')] } as unknown as InitialData);
    const other = client.getQueryData<List[]>(index)?.[1];
    writeList(client, list('1', { numItems: 3 }));
    expect(client.getQueryData<List>(detail)?.numItems).toBe(3);
    expect(client.getQueryData<List[]>(index)?.[0]?.numItems).toBe(3);
    expect(client.getQueryData<List[]>(index)?.[1]).toBe(other);
    expect(client.getQueryData<InitialData>(initial)?.lists[1]?.numItems).toBe(3);
  });

  it('puts an answered list of the viewer first among their own lists, and no one else’s', () => {
    const client = new QueryClient();
    const initial = [...keyRoots.session, 'initial'];
    client.setQueryData(initial, { user: user(), lists: [list('2'), list('1')] } as unknown as InitialData);
    const own = () => client.getQueryData<InitialData>(initial)?.lists.map((item) => item.id);
    writeList(client, list('1', { numItems: 3 }));
    expect(own()).toEqual(['1', '2']);
    writeList(client, list('3', { userId: 'u2', username: 'bob' }));
    expect(own()).toEqual(['1', '2']);
  });
});

describe('the user writer', () => {
  it('puts the server’s answer in the session and on the profile, keeping what the answer does not carry', () => {
    const client = new QueryClient();
    const profile = [...keyRoots.users, 'detail', 'ann'];
    const initial = [...keyRoots.session, 'initial'];
    client.setQueryData(profile, { ...user(), isMuted: false });
    client.setQueryData(initial, { user: user(), lists: [] } as unknown as InitialData);
    writeUser(client, user({ aboutMe: 'Hello' }));
    expect(client.getQueryData<User & { isMuted: boolean }>(profile)).toMatchObject({ aboutMe: 'Hello', isMuted: false });
    expect(client.getQueryData<InitialData>(initial)?.user?.aboutMe).toBe('Hello');
  });
});
