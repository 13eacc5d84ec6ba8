import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_REPLIES_PER_COMMENT, COMMENT_REPLIES_PER_PAGE, COMMENTS_PAGE_SIZE } from '@quorum/shared/constants';
import { Browser, buildTestApp, type TestApp } from './helpers/app.ts';
import { makeThread, member, setAdmin, type Member } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Session = Member;

const thread = (options: { modId?: string } = {}) => makeThread(t, { title: 'Discuss this', ...options });

function comment(session: { browser: Browser }, publicId: string, body: string, parentCommentId?: string, query = '') {
  return session.browser.post(`/api/posts/${publicId}/comments${query}`, { body, parentCommentId });
}

async function counts(postId: string) {
  const [row] = await t.sql<{ noComments: number; lastActivityAt: Date; createdAt: Date }[]>`
    select no_comments, last_activity_at, created_at from posts where id = ${postId}`;
  return row!;
}

describe('writing comments', () => {
  it('asks visitors to log in and needs the anti-forgery token', async () => {
    const { post } = await thread();
    const visitor = await new Browser(t.app).open();
    expect((await comment({ browser: visitor }, post.publicId, 'Hello')).statusCode).toBe(401);
    const user = await member(t);
    expect((await user.browser.post(`/api/posts/${post.publicId}/comments`, { body: 'Hi' }, { csrf: false })).statusCode).toBe(403);
  });

  it.each([
    [{}, 'Message body cannot be empty.'],
    [{ body: '' }, 'Message body cannot be empty.'],
    [{ body: '   \n ' }, 'Message body cannot be empty.'],
    [{ body: 'x'.repeat(20_001) }, 'Comment is too long (20000 characters at most).'],
  ])('answers 400 for %j', async (body, message) => {
    const { post } = await thread();
    const user = await member(t);
    const response = await user.browser.post(`/api/posts/${post.publicId}/comments`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('comments and replies, keeping every counter exact', async () => {
    const { post, author } = await thread();
    const user = await member(t);
    const before = await counts(post.id);
    const top = await comment(user, post.publicId, 'First!');
    expect(top.statusCode).toBe(201);
    expect(top.json()).toMatchObject({
      body: 'First!', depth: 0, parentId: null, ancestors: [], upvotes: 1, userVoted: true, userVotedUp: true,
      noReplies: 0, postId: post.id, postPublicId: post.publicId, username: user.username, userGroup: 'normal',
    });
    const reply = (await comment(author, post.publicId, 'Thanks', top.json().id)).json();
    expect(reply).toMatchObject({ depth: 1, parentId: top.json().id, ancestors: [top.json().id] });
    const deeper = (await comment(user, post.publicId, 'You are welcome', reply.id)).json();
    expect(deeper.ancestors).toEqual([top.json().id, reply.id]);

    const after = await counts(post.id);
    expect(after.noComments).toBe(3);
    expect(after.lastActivityAt.getTime()).toBeGreaterThan(before.lastActivityAt.getTime());
    const rows = await t.sql<{ id: string; noReplies: number; noRepliesDirect: number }[]>`
      select id, no_replies, no_replies_direct from comments where post_id = ${post.id}`;
    const byId = Object.fromEntries(rows.map((r) => [r.id, [r.noReplies, r.noRepliesDirect]]));
    expect(byId[top.json().id]).toEqual([2, 1]);
    expect(byId[reply.id]).toEqual([1, 1]);
    const [u] = await t.sql<{ noComments: number }[]>`select no_comments from users where id = ${user.id}`;
    expect(u?.noComments).toBe(2);
  });

  it('allows depth 15 and refuses depth 16 with "Thread too deep."', async () => {
    const { post } = await thread();
    const user = await member(t);
    let parent: string | undefined;
    for (let depth = 0; depth <= 15; depth++) {
      const response = await comment(user, post.publicId, `Depth ${depth}`, parent);
      expect(response.statusCode, `depth ${depth}`).toBe(201);
      expect(response.json().depth).toBe(depth);
      parent = response.json().id;
    }
    const tooDeep = await comment(user, post.publicId, 'Depth 16', parent);
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toEqual({ status: 400, code: 'thread_too_deep', message: 'Thread too deep.' });
  });

  it('refuses replies to deleted comments and comments on deleted posts', async () => {
    const { post, author } = await thread();
    const user = await member(t);
    const top = (await comment(user, post.publicId, 'Soon gone')).json();
    await user.browser.request('DELETE', `/api/posts/${post.publicId}/comments/${top.id}`);
    expect((await comment(author, post.publicId, 'Reply', top.id)).statusCode).toBe(403);
    await author.browser.request('DELETE', `/api/posts/${post.publicId}`);
    expect((await comment(user, post.publicId, 'Anyone?')).statusCode).toBe(403);
  });

  it('refuses a parent from another post and unknown posts', async () => {
    const one = await thread();
    const two = await thread();
    const user = await member(t);
    const elsewhere = (await comment(user, one.post.publicId, 'Over here')).json();
    expect((await comment(user, two.post.publicId, 'Reply', elsewhere.id)).statusCode).toBe(404);
    expect((await comment(user, 'nosuchid', 'Hello')).statusCode).toBe(404);
  });

  it('on locked posts lets only mods and admins comment', async () => {
    const mod = await member(t);
    const admin = await member(t);
    await setAdmin(t.sql, admin.id);
    const { post } = await thread({ modId: mod.id });
    await mod.browser.request('PUT', `/api/posts/${post.publicId}?action=lock&lockAs=mods`);
    const user = await member(t);
    const refused = await comment(user, post.publicId, 'Let me speak');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('post_locked');
    expect((await comment(mod, post.publicId, 'Mod note', undefined, '?userGroup=mods')).json().userGroup).toBe('mods');
    expect((await comment(admin, post.publicId, 'Admin note')).statusCode).toBe(201);
  });

  it('refuses users banned from the community with banned_from_community', async () => {
    const { post, community } = await thread();
    const user = await member(t);
    await t.sql`insert into community_bans (community_id, user_id) values (${community.id}, ${user.id})`;
    const response = await comment(user, post.publicId, 'Hi');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 403, code: 'banned_from_community', message: `You've been banned from ${community.name}.` });
  });

  it('keeps counts exact under concurrent replies', async () => {
    const { post } = await thread();
    const first = await member(t);
    const top = (await comment(first, post.publicId, 'Reply to me')).json();
    const users = await Promise.all(Array.from({ length: 10 }, () => member(t)));
    const responses = await Promise.all(users.map((u, i) => comment(u, post.publicId, `Reply ${i}`, top.id)));
    expect(responses.every((r) => r.statusCode === 201)).toBe(true);
    const [row] = await t.sql<{ noReplies: number; noRepliesDirect: number }[]>`
      select no_replies, no_replies_direct from comments where id = ${top.id}`;
    expect(row).toEqual({ noReplies: 10, noRepliesDirect: 10 });
    expect((await counts(post.id)).noComments).toBe(11);
  });
});

describe('reading threads', () => {
  it('returns the first page with the post, and pages a 300-comment thread without duplicates', async () => {
    const { post, author } = await thread();
    await t.sql`
      insert into comments (post_id, community_id, user_id, body, upvotes)
      select ${post.id}, p.community_id, ${author.id}, 'Bulk ' || g, g % 7
      from generate_series(1, 300) g, posts p where p.id = ${post.id}`;
    const first = (await new Browser(t.app).get(`/api/posts/${post.publicId}`)).json();
    expect(first.comments).toHaveLength(30);
    expect(first.commentsNext).toEqual(expect.any(String));

    const seen = first.comments.map((c: { id: string }) => c.id);
    let next: string | null = first.commentsNext;
    while (next) {
      const page = (await new Browser(t.app).get(`/api/posts/${post.publicId}/comments?next=${next}`)).json();
      seen.push(...page.comments.map((c: { id: string }) => c.id));
      next = page.next;
    }
    expect(seen).toHaveLength(300);
    expect(new Set(seen).size).toBe(300);
    const expected = await t.sql<{ id: string }[]>`select id from comments where post_id = ${post.id} order by upvotes desc, id desc`;
    expect(seen).toEqual(expected.map((r) => r.id));
  });

  it('brings replies with their top-level comments and a subtree on demand', async () => {
    const { post } = await thread();
    const user = await member(t);
    const top = (await comment(user, post.publicId, 'Root')).json();
    const child = (await comment(user, post.publicId, 'Child', top.id)).json();
    const grandchild = (await comment(user, post.publicId, 'Grandchild', child.id)).json();
    const other = (await comment(user, post.publicId, 'Other root')).json();

    const page = (await new Browser(t.app).get(`/api/posts/${post.publicId}/comments`)).json();
    expect(new Set(page.comments.map((c: { id: string }) => c.id))).toEqual(new Set([top.id, child.id, grandchild.id, other.id]));
    const subtree = (await new Browser(t.app).get(`/api/posts/${post.publicId}/comments?parentId=${top.id}`)).json();
    expect(subtree.comments.map((c: { id: string }) => c.id)).toEqual([child.id, grandchild.id]);
    expect(subtree.next).toBeNull();
    expect((await new Browser(t.app).get(`/api/posts/${post.publicId}/comments?parentId=bad`)).statusCode).toBe(400);
  });

  it('sends every field of the specification with the comments of every thread answer, as with a comment alone', async () => {
    const { post } = await thread();
    const user = await member(t);
    const top = (await comment(user, post.publicId, 'Root')).json();
    const reply = (await comment(user, post.publicId, 'Reply', top.id)).json();
    // Written alone, a comment carries them.
    expect(reply).toMatchObject({
      postId: post.id, postPublicId: post.publicId, postTitle: 'Discuss this', communityId: post.communityId,
      communityName: post.communityName, ancestors: [top.id], contentStripped: false, userGhostId: null,
    });

    const visitor = new Browser(t.app);
    const answers = await Promise.all([
      visitor.get(`/api/posts/${post.publicId}`),
      user.browser.get(`/api/posts/${post.publicId}`),
      visitor.get(`/api/posts/${post.publicId}/comments`),
      visitor.get(`/api/posts/${post.publicId}/comments?parentId=${top.id}`),
      user.browser.get(`/api/posts/${post.publicId}/comments/${reply.id}`),
    ]);
    const postAnswer = answers[0]!.json();
    expect(postAnswer).toMatchObject({ id: post.id, publicId: post.publicId, title: 'Discuss this', communityId: post.communityId, communityName: post.communityName });
    for (const answer of answers) {
      const { comments } = answer.json<{ comments: Array<Record<string, unknown>> }>();
      expect(comments.length).toBeGreaterThan(0);
      for (const item of comments) {
        const isReply = item.id === reply.id;
        expect(item).toMatchObject({
          postId: post.id, postPublicId: post.publicId, postTitle: 'Discuss this', communityId: post.communityId,
          communityName: post.communityName, parentId: isReply ? top.id : null, ancestors: isReply ? [top.id] : [],
          contentStripped: false, userGhostId: null,
        });
      }
    }
  });

  it('brings at most COMMENT_REPLIES_PER_PAGE replies with a page of top-level comments, shallowest and best first', async () => {
    const { post, author } = await thread();
    const each = COMMENT_REPLIES_PER_COMMENT;
    await t.sql`
      with root as (
        insert into comments (post_id, community_id, user_id, body, upvotes)
        select ${post.id}, p.community_id, ${author.id}, 'Root ' || g, 100 + g
        from generate_series(1, ${COMMENTS_PAGE_SIZE}) g, posts p where p.id = ${post.id}
        returning id, community_id
      ), reply as (
        insert into comments (post_id, community_id, user_id, body, upvotes, parent_id, depth, ancestors)
        select ${post.id}, root.community_id, ${author.id}, 'Reply', r, root.id, 1, array[root.id]
        from root, generate_series(1, ${each}) r
        returning id, community_id, ancestors
      )
      insert into comments (post_id, community_id, user_id, body, upvotes, parent_id, depth, ancestors)
      select ${post.id}, reply.community_id, ${author.id}, 'Reply to a reply', r, reply.id, 2, reply.ancestors || reply.id
      from reply, generate_series(1, ${each}) r`;
    const first = (await new Browser(t.app).get(`/api/posts/${post.publicId}`)).json<{ comments: Array<{ depth: number; upvotes: number }> }>();
    expect(first.comments.filter((c) => c.depth === 0)).toHaveLength(COMMENTS_PAGE_SIZE);
    // Of the replies each comment's best ones bring, level by level, the page keeps the shallowest, best first.
    const best = Array.from({ length: each }, (_, i) => each - i);
    const offered = [
      ...best.flatMap((upvotes) => Array<string>(COMMENTS_PAGE_SIZE).fill(`1:${upvotes}`)),
      ...best.flatMap((upvotes) => Array<string>(COMMENTS_PAGE_SIZE * each).fill(`2:${upvotes}`)),
    ];
    expect(offered.length).toBeGreaterThan(COMMENT_REPLIES_PER_PAGE);
    expect(first.comments.filter((c) => c.depth > 0).map((c) => `${c.depth}:${c.upvotes}`)).toEqual(offered.slice(0, COMMENT_REPLIES_PER_PAGE));
  });

  it('brings the best COMMENT_REPLIES_PER_COMMENT replies of each comment, level by level, and long chains whole', async () => {
    const { post, author } = await thread();
    const user = await member(t);
    const busy = (await comment(user, post.publicId, 'Busy root')).json();
    // Twelve direct replies to the busy root, and a reply under each of them.
    const direct = await t.sql<{ id: string }[]>`
      insert into comments (post_id, community_id, user_id, body, upvotes, parent_id, depth, ancestors)
      select ${post.id}, p.community_id, ${author.id}, 'Direct ' || g, g, ${busy.id}, 1, array[${busy.id}]::uuid[]
      from generate_series(1, 12) g, posts p where p.id = ${post.id}
      returning id`;
    await t.sql`
      insert into comments (post_id, community_id, user_id, body, upvotes, parent_id, depth, ancestors)
      select ${post.id}, cm.community_id, ${author.id}, 'Deep under ' || cm.body, 1, cm.id, 2, array[${busy.id}, cm.id]::uuid[]
      from comments cm where cm.id = any(${direct.map((row) => row.id)}::uuid[])`;
    // A chain of single replies, deeper than a comment's share of replies.
    let parent = (await comment(user, post.publicId, 'Chain root')).json();
    const chain: string[] = [];
    for (let depth = 1; depth <= COMMENT_REPLIES_PER_COMMENT + 2; depth++) {
      parent = (await comment(user, post.publicId, `Link ${depth}`, parent.id)).json();
      chain.push(parent.id);
    }

    const page = (await new Browser(t.app).get(`/api/posts/${post.publicId}/comments`)).json();
    type Row = { id: string; body: string; parentId: string | null };
    const replies: Row[] = page.comments.filter((c: Row) => c.parentId !== null);
    const best = Array.from({ length: COMMENT_REPLIES_PER_COMMENT }, (_, i) => `Direct ${12 - i}`);
    expect(replies.filter((c) => c.body.startsWith('Direct')).map((c) => c.body)).toEqual(best);
    expect(replies.filter((c) => c.body.startsWith('Deep')).map((c) => c.body).sort()).toEqual(best.map((body) => `Deep under ${body}`).sort());
    expect(replies.filter((c) => c.body.startsWith('Link')).map((c) => c.id)).toEqual(chain);
    // Shallowest first, so a reply never comes before its parent.
    const seen = new Set<string>(page.comments.filter((c: Row) => c.parentId === null).map((c: Row) => c.id));
    for (const reply of replies) {
      expect(seen.has(reply.parentId ?? '')).toBe(true);
      seen.add(reply.id);
    }

    const rest = (await new Browser(t.app).get(`/api/posts/${post.publicId}/comments?parentId=${busy.id}`)).json();
    expect(rest.comments).toHaveLength(24);
  });

  it('gives one comment in its place: the comments above it, itself and its replies', async () => {
    const { post } = await thread();
    const user = await member(t);
    const top = (await comment(user, post.publicId, 'Root')).json();
    const child = (await comment(user, post.publicId, 'Child', top.id)).json();
    const focused = (await comment(user, post.publicId, 'Focused', child.id)).json();
    const reply = (await comment(user, post.publicId, 'Reply', focused.id)).json();
    const sibling = (await comment(user, post.publicId, 'Sibling', child.id)).json();
    await comment(user, post.publicId, 'Other root');

    const visitor = new Browser(t.app);
    const response = await visitor.get(`/api/posts/${post.publicId}/comments/${focused.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().comments.map((c: { id: string }) => c.id)).toEqual([top.id, child.id, focused.id, reply.id]);
    expect(response.json().comments.map((c: { id: string }) => c.id)).not.toContain(sibling.id);
    expect(response.json().next).toBeNull();

    const elsewhere = await thread();
    expect((await visitor.get(`/api/posts/${elsewhere.post.publicId}/comments/${focused.id}`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/posts/${post.publicId}/comments/not-an-id`)).statusCode).toBe(404);
  });

  it('counts comments new since the viewer’s last visit', async () => {
    const { post } = await thread();
    const reader = await member(t);
    const writer = await member(t);
    const firstVisit = (await reader.browser.get(`/api/posts/${post.publicId}`)).json();
    expect(firstVisit).toMatchObject({ lastVisitAt: null, newComments: 0 });
    await comment(writer, post.publicId, 'Something new');
    await comment(writer, post.publicId, 'And more');
    const second = (await reader.browser.get(`/api/posts/${post.publicId}`)).json();
    expect(second.lastVisitAt).not.toBeNull();
    expect(second.newComments).toBe(2);
    const third = (await reader.browser.get(`/api/posts/${post.publicId}`)).json();
    expect(third.newComments).toBe(0);
    // A view with nothing new since the last one leaves the last visit as it was.
    const fourth = (await reader.browser.get(`/api/posts/${post.publicId}`)).json();
    expect(fourth.lastVisitAt).toBe(third.lastVisitAt);
    await comment(writer, post.publicId, 'Later still');
    const fifth = (await reader.browser.get(`/api/posts/${post.publicId}`)).json();
    expect(fifth).toMatchObject({ lastVisitAt: third.lastVisitAt, newComments: 1 });
    const sixth = (await reader.browser.get(`/api/posts/${post.publicId}`)).json();
    expect(sixth.newComments).toBe(0);
    expect(sixth.lastVisitAt > fifth.lastVisitAt).toBe(true);
    // The reader's own comments are not news to them.
    await comment(reader, post.publicId, 'My own words');
    expect((await reader.browser.get(`/api/posts/${post.publicId}`)).json().newComments).toBe(0);
  });

  it('flags comments by muted users for the viewer only', async () => {
    const { post } = await thread();
    const viewer = await member(t);
    const muted = await member(t);
    const c = (await comment(muted, post.publicId, 'You muted me')).json();
    await t.sql`insert into user_mutes (user_id, muted_user_id) values (${viewer.id}, ${muted.id})`;
    const mine = (await viewer.browser.get(`/api/posts/${post.publicId}/comments`)).json().comments;
    expect(mine.find((x: { id: string }) => x.id === c.id).isAuthorMuted).toBe(true);
    const theirs = (await new Browser(t.app).get(`/api/posts/${post.publicId}/comments`)).json().comments;
    expect(theirs.find((x: { id: string }) => x.id === c.id).isAuthorMuted).toBe(false);

    // A deleted comment hides its author, and so whether the viewer muted them.
    await muted.browser.request('DELETE', `/api/posts/${post.publicId}/comments/${c.id}`);
    const afterDelete = (await viewer.browser.get(`/api/posts/${post.publicId}/comments`)).json().comments;
    expect(afterDelete.find((x: { id: string }) => x.id === c.id)).toMatchObject({ isAuthorMuted: false, author: null });
  });
});

describe('editing, deleting and voting', () => {
  it('lets only the author edit, and shows editedAt only after five minutes', async () => {
    const { post } = await thread();
    const user = await member(t);
    const other = await member(t);
    const c = (await comment(user, post.publicId, 'Tpyo')).json();
    const url = `/api/posts/${post.publicId}/comments/${c.id}`;
    expect((await other.browser.request('PUT', url, { body: { body: 'Hacked' } })).statusCode).toBe(403);
    expect((await user.browser.request('PUT', url, { body: { body: '' } })).json().message).toBe('Message body cannot be empty.');
    const quick = (await user.browser.request('PUT', url, { body: { body: 'Typo' } })).json();
    expect(quick).toMatchObject({ body: 'Typo', editedAt: null });
    await t.sql`update comments set created_at = now() - interval '10 minutes' where id = ${c.id}`;
    const late = (await user.browser.request('PUT', url, { body: { body: 'Typo, later' } })).json();
    expect(late).toMatchObject({ body: 'Typo, later', editedAt: expect.any(String) });
  });

  it('keeps comments under a locked or deleted post as they are, but for mods and admins', async () => {
    const mod = await member(t);
    const admin = await member(t);
    await setAdmin(t.sql, admin.id);
    const { author, post } = await thread({ modId: mod.id });
    const user = await member(t);
    const written = await Promise.all([user, mod, admin].map(async (s) => (await comment(s, post.publicId, 'Before')).json()));
    const edit = (s: Session, id: string, body: string) =>
      s.browser.request('PUT', `/api/posts/${post.publicId}/comments/${id}`, { body: { body } });
    const [byUser, byMod, byAdmin] = written;

    await mod.browser.request('PUT', `/api/posts/${post.publicId}?action=lock&lockAs=mods`);
    const locked = await edit(user, byUser.id, 'After the lock');
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ code: 'post_locked' });
    expect((await user.browser.request('PUT', `/api/posts/${post.publicId}/comments/${byUser.id}?action=changeAsUser`)).statusCode).toBe(403);
    expect((await edit(mod, byMod.id, 'Mod after the lock')).json().body).toBe('Mod after the lock');
    expect((await edit(admin, byAdmin.id, 'Admin after the lock')).json().body).toBe('Admin after the lock');

    await mod.browser.request('PUT', `/api/posts/${post.publicId}?action=unlock`);
    await author.browser.request('DELETE', `/api/posts/${post.publicId}`);
    const deleted = await edit(user, byUser.id, 'After the delete');
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json().message).toBe('This post has been deleted.');
    expect((await edit(mod, byMod.id, 'Mod after the delete')).json().body).toBe('Mod after the delete');
    const [row] = await t.sql<{ body: string }[]>`select body from comments where id = ${byUser.id}`;
    expect(row?.body).toBe('Before');
  });

  it('deletes as the author, mods or admins; strips the body and keeps the place', async () => {
    const mod = await member(t);
    const admin = await member(t);
    await setAdmin(t.sql, admin.id);
    const { post } = await thread({ modId: mod.id });
    const user = await member(t);
    const stranger = await member(t);
    const target = (await comment(user, post.publicId, 'Questionable')).json();
    const reply = (await comment(stranger, post.publicId, 'Reply stays', target.id)).json();
    const url = `/api/posts/${post.publicId}/comments/${target.id}`;

    expect((await stranger.browser.request('DELETE', url)).statusCode).toBe(403);
    expect((await stranger.browser.request('DELETE', `${url}?deleteAs=mods`)).statusCode).toBe(403);
    const deleted = (await mod.browser.request('DELETE', `${url}?deleteAs=mods`)).json();
    expect(deleted).toMatchObject({ body: '', contentStripped: true, deletedAs: 'mods', username: '[deleted]', author: null });
    expect((await admin.browser.get(`/api/posts/${post.publicId}/comments`)).json().comments.find((c: { id: string }) => c.id === target.id))
      .toMatchObject({ username: user.username, body: '' });

    const [row] = await t.sql<{ body: string }[]>`select body from comments where id = ${target.id}`;
    expect(row?.body).toBe('');
    expect((await counts(post.id)).noComments).toBe(1);
    const thread2 = (await new Browser(t.app).get(`/api/posts/${post.publicId}/comments`)).json().comments;
    expect(thread2.map((c: { id: string }) => c.id)).toEqual([target.id, reply.id]);

    const vote = await stranger.browser.post('/api/_commentVote', { commentId: target.id, up: true });
    expect(vote.statusCode).toBe(403);
    expect(vote.json()).toEqual({ status: 403, code: 'comment_deleted', message: "Can't vote on a deleted comment!" });

    // The specification writes these paths with the post's id, which clients build from a comment's postId.
    const own = (await comment(user, post.publicId, 'Mine to delete')).json();
    const byPostId = `/api/posts/${own.postId}/comments/${own.id}`;
    expect(own.postId).toBe(post.id);
    expect((await user.browser.request('PUT', byPostId, { body: { body: 'Edited by id' } })).json())
      .toMatchObject({ id: own.id, body: 'Edited by id' });
    expect((await user.browser.request('DELETE', byPostId)).json()).toMatchObject({ id: own.id, deleted: true, body: '' });
    const elsewhere = (await thread()).post;
    const wrongPost = await mod.browser.request('DELETE', `/api/posts/${elsewhere.id}/comments/${target.id}?deleteAs=mods`);
    expect(wrongPost.statusCode).toBe(404);
    expect(wrongPost.json()).toEqual({ status: 404, code: 'not_found', message: 'Comment not found.' });
    const noPost = await user.browser.request('DELETE', `/api/posts/01a2037a-a20c-75f1-bc0f-557c203d3d98/comments/${own.id}`);
    expect(noPost.json()).toEqual({ status: 404, code: 'not_found', message: 'Post not found.' });
  });

  it('votes with the state machine and gives the author points', async () => {
    const { post } = await thread();
    const author = await member(t);
    const voter = await member(t);
    const c = (await comment(author, post.publicId, 'Vote me')).json();
    const vote = async (up: boolean) => (await voter.browser.post('/api/_commentVote', { commentId: c.id, up })).json();
    expect(await vote(true)).toMatchObject({ upvotes: 2, downvotes: 0, userVoted: true, userVotedUp: true });
    expect(await vote(false)).toMatchObject({ upvotes: 1, downvotes: 1, userVotedUp: false });
    expect(await vote(false)).toMatchObject({ upvotes: 1, downvotes: 0, userVoted: false });
    const [points] = await t.sql<{ points: number }[]>`select points from users where id = ${author.id}`;
    expect(points?.points).toBe(1);
    const visitor = await new Browser(t.app).open();
    expect((await visitor.post('/api/_commentVote', { commentId: c.id, up: true })).statusCode).toBe(401);
  });

  it('lists the latest comments for admins only', async () => {
    const { post } = await thread();
    const user: Session = await member(t);
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await comment(user, post.publicId, `Latest ${i}`)).json().id);
    expect((await user.browser.get('/api/comments')).statusCode).toBe(403);
    await setAdmin(t.sql, user.id);
    const page = (await user.browser.get('/api/comments')).json();
    const newest = await t.sql<{ id: string }[]>`select id from comments order by id desc limit 3`;
    expect(page.comments.slice(0, 3).map((c: { id: string }) => c.id)).toEqual(newest.map((r) => r.id));
    expect(new Set(newest.map((r) => r.id))).toEqual(new Set(made));
  });
});
