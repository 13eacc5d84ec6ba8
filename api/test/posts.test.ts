import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './helpers/app.ts';
import { insertCommunity, makeUpload, member, setAdmin, setPoints } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function createPost(browser: Browser, body: Record<string, unknown>) {
  return browser.post('/api/posts', body);
}

describe('creating posts', () => {
  it('needs a logged-in user and the anti-forgery token', async () => {
    const community = await insertCommunity(t.sql);
    const visitor = await new Browser(t.app).open();
    expect((await createPost(visitor, { title: 'Hello there', community: community.name })).statusCode).toBe(401);
    const { browser } = await member(t);
    expect((await browser.post('/api/posts', { title: 'Hello there', community: community.name }, { csrf: false })).statusCode).toBe(403);
  });

  it.each([
    [{ title: 'Hello there' }, 'Select a community first'],
    [{ title: '', community: 'x' }, 'Your post needs a title'],
    [{ community: 'x' }, 'Your post needs a title'],
    [{ title: '   ', community: 'x' }, 'Your post needs a title'],
    [{ title: 'ab', community: 'x' }, 'Title is too short'],
    [{ type: 'image', title: 'Photos', community: 'x' }, "You haven't uploaded an image"],
    [{ type: 'image', title: 'Photos', community: 'x', images: Array.from({ length: 11 }, () => ({ imageId: '01a2037a-a20c-75f1-bc0f-557c203d3d98' })) },
      'Image posts cannot contain more than 10 images. Please select fewer images and continue.'],
    [{ type: 'link', title: 'A link', community: 'x' }, 'Please submit a valid URL'],
    [{ type: 'link', title: 'A link', community: 'x', url: '' }, 'Please submit a valid URL'],
    [{ type: 'poll', title: 'A poll', community: 'x' }, 'Unknown post type.'],
  ])('answers 400 for %j: %s', async (body, message) => {
    const { browser } = await member(t);
    const response = await createPost(browser, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses link URLs that are not http or https with invalid-url', async () => {
    const { browser } = await member(t);
    const community = await insertCommunity(t.sql);
    for (const url of ['ftp://example.com/file', 'javascript:alert(1)', 'example.com', 'http://', 'mailto:a@b.c']) {
      const response = await createPost(browser, { type: 'link', title: 'A link', community: community.name, url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ status: 400, code: 'invalid-url', message: 'The URL you provided is not a valid URL.' });
    }
  });

  it('creates a text post with the author already upvoting it', async () => {
    const { browser, username, id } = await member(t);
    const community = await insertCommunity(t.sql);
    const response = await createPost(browser, { title: 'My first post', body: 'Some *markdown*', community: community.name });
    expect(response.statusCode).toBe(201);
    const post = response.json();
    expect(post).toMatchObject({
      type: 'text', title: 'My first post', body: 'Some *markdown*', username, userId: id, userGroup: 'normal',
      communityId: community.id, communityName: community.name, upvotes: 1, downvotes: 0, userVoted: true,
      userVotedUp: true, vote: true, noComments: 0, locked: false, deleted: false, isPinned: false, editedAt: null,
    });
    expect(post.publicId).toMatch(/^[A-Za-z0-9]{8}$/);
    const [user] = await t.sql<{ noPosts: number; points: number }[]>`select no_posts, points from users where id = ${id}`;
    expect(user).toEqual({ noPosts: 1, points: 1 });
  });

  it('accepts a 3-character title and cuts a long one to 255 characters', async () => {
    const { browser } = await member(t);
    const community = await insertCommunity(t.sql);
    expect((await createPost(browser, { title: 'abc', community: community.name })).statusCode).toBe(201);
    const long = await createPost(browser, { title: 'x'.repeat(300), community: community.name });
    expect(long.json().title).toHaveLength(255);
  });

  it('finds the community whatever the case, and answers 404 for an unknown one', async () => {
    const { browser } = await member(t);
    const community = await insertCommunity(t.sql);
    expect((await createPost(browser, { title: 'Case test', community: community.name.toUpperCase() })).statusCode).toBe(201);
    expect((await createPost(browser, { title: 'Nowhere', community: 'no_such_place' })).statusCode).toBe(404);
  });

  it('creates a link post with its hostname', async () => {
    const { browser } = await member(t);
    const community = await insertCommunity(t.sql);
    const response = await createPost(browser, { type: 'link', title: 'Read this', community: community.name, url: 'https://www.example.org/a?b=c' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ type: 'link', body: null, link: { url: 'https://www.example.org/a?b=c', hostname: 'example.org' } });
  });

  it('creates an image post from the user’s own uploads, in order, and refuses others’ or reused ones', async () => {
    const { browser, id } = await member(t);
    const other = await member(t);
    const community = await insertCommunity(t.sql);
    const first = await makeUpload(t.sql, id, 'A cat');
    const second = await makeUpload(t.sql, id, 'A dog');
    const response = await createPost(browser, {
      type: 'image', title: 'Pets', community: community.name,
      images: [{ imageId: second, caption: 'Dog' }, { imageId: first }],
    });
    expect(response.statusCode).toBe(201);
    const post = response.json();
    expect(post.images.map((i: { id: string }) => i.id)).toEqual([second, first]);
    expect(post.image.id).toBe(second);
    expect(post.images[0]).toMatchObject({ altText: 'A dog', caption: 'Dog', url: `/images/${second}.jpeg` });

    const reused = await createPost(browser, { type: 'image', title: 'Again', community: community.name, images: [{ imageId: first }] });
    expect(reused.statusCode).toBe(400);
    const foreign = await makeUpload(t.sql, other.id);
    const stolen = await createPost(browser, { type: 'image', title: 'Not mine', community: community.name, images: [{ imageId: foreign }] });
    expect(stolen.statusCode).toBe(400);
    const [row] = await t.sql<{ n: number }[]>`select count(*)::int as n from posts where title in ('Again', 'Not mine')`;
    expect(row?.n).toBe(0);
  });

  it('requires alt text on every image when the user asks for it', async () => {
    const { browser, id } = await member(t);
    await t.sql`update users set require_alt_text = true where id = ${id}`;
    const community = await insertCommunity(t.sql);
    const image = await makeUpload(t.sql, id, null);
    const response = await createPost(browser, { type: 'image', title: 'No alt', community: community.name, images: [{ imageId: image }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('One or more images are missing alt text...');
  });

  it('needs the site’s points for image and link posts', async () => {
    const { browser, id } = await member(t);
    const community = await insertCommunity(t.sql);
    await t.sql`update site_settings set image_post_submit_req_points = 5, link_post_submit_req_points = 7`;
    try {
      const image = await makeUpload(t.sql, id, 'alt');
      const imageResponse = await createPost(browser, { type: 'image', title: 'Pic', community: community.name, images: [{ imageId: image }] });
      expect(imageResponse.statusCode).toBe(403);
      expect(imageResponse.json()).toMatchObject({ code: 'not_enough_points', message: "You don't have enough points to submit images yet." });
      const linkResponse = await createPost(browser, { type: 'link', title: 'Link', community: community.name, url: 'https://example.com' });
      expect(linkResponse.json()).toMatchObject({ code: 'not_enough_points', message: "You don't have enough points to submit links yet." });
      await setPoints(t.sql, id, 7);
      expect((await createPost(browser, { type: 'link', title: 'Link', community: community.name, url: 'https://example.com' })).statusCode).toBe(201);
    } finally {
      await t.sql`update site_settings set image_post_submit_req_points = 0, link_post_submit_req_points = 0`;
    }
  });

  it('refuses users banned from the community', async () => {
    const { browser, id } = await member(t);
    const community = await insertCommunity(t.sql);
    await t.sql`insert into community_bans (community_id, user_id) values (${community.id}, ${id})`;
    const response = await createPost(browser, { title: 'Let me in', community: community.name });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'banned_from_community', message: `You've been banned from ${community.name}.` });
  });

  it('lets only mods and admins post in a restricted community', async () => {
    const mod = await member(t);
    const admin = await member(t);
    await setAdmin(t.sql, admin.id);
    const community = await insertCommunity(t.sql, { modId: mod.id, postingRestricted: true });
    const { browser } = await member(t);
    const refused = await createPost(browser, { title: 'Hi all', community: community.name });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only approved members of this community can post.');
    expect((await createPost(mod.browser, { title: 'Mod post', community: community.name })).statusCode).toBe(201);
    expect((await createPost(admin.browser, { title: 'Admin post', community: community.name })).statusCode).toBe(201);
  });

  it('lets mods speak as mods and admins as admins, nobody else', async () => {
    const mod = await member(t);
    const community = await insertCommunity(t.sql, { modId: mod.id });
    const asMods = await createPost(mod.browser, { title: 'Official', community: community.name, userGroup: 'mods' });
    expect(asMods.json().userGroup).toBe('mods');
    expect((await createPost(mod.browser, { title: 'Official', community: community.name, userGroup: 'admins' })).statusCode).toBe(403);
    const { browser } = await member(t);
    expect((await createPost(browser, { title: 'Official', community: community.name, userGroup: 'mods' })).statusCode).toBe(403);
  });
});

describe('reading, editing and deleting posts', () => {
  async function postBy(session: { browser: Browser }, communityName: string, title = 'A post to work on') {
    return (await createPost(session.browser, { title, body: 'Body text', community: communityName })).json();
  }

  it('gets a post by its public id for visitors, 404 for unknown ones', async () => {
    const author = await member(t);
    const community = await insertCommunity(t.sql);
    const post = await postBy(author, community.name);
    const response = await new Browser(t.app).get(`/api/posts/${post.publicId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: post.id, title: 'A post to work on', userVoted: false, vote: null });
    expect((await new Browser(t.app).get('/api/posts/nothere1')).statusCode).toBe(404);
  });

  it('brings the post’s community with its mods, rules and the viewer’s standing, unless fetchCommunity=false', async () => {
    const mod = await member(t);
    const community = await insertCommunity(t.sql, { modId: mod.id });
    await t.sql`insert into community_rules (community_id, rule, description, z_index, created_by)
      values (${community.id}, 'Be kind', 'No insults.', 0, ${mod.id})`;
    const post = await postBy(mod, community.name);

    const asMod = (await mod.browser.get(`/api/posts/${post.publicId}`)).json();
    expect(asMod.community).toMatchObject({
      id: community.id,
      name: community.name,
      userMod: true,
      userJoined: true,
      mods: [{ id: mod.id, username: mod.username }],
      rules: [{ rule: 'Be kind', description: 'No insults.', zIndex: 0 }],
    });
    const asVisitor = (await new Browser(t.app).get(`/api/posts/${post.publicId}`)).json();
    expect(asVisitor.community).toMatchObject({ userMod: false, userJoined: false });
    const without = (await new Browser(t.app).get(`/api/posts/${post.publicId}?fetchCommunity=false`)).json();
    expect(without).not.toHaveProperty('community');
    expect(without.comments).toEqual([]);
    expect((await new Browser(t.app).get(`/api/posts/${post.publicId}?fetchCommunity=maybe`)).statusCode).toBe(400);
  });

  it('lets only the author edit, and shows editedAt only after five minutes', async () => {
    const author = await member(t);
    const community = await insertCommunity(t.sql);
    const post = await postBy(author, community.name);
    const url = `/api/posts/${post.publicId}`;
    const other = await member(t);
    expect((await other.browser.request('PUT', url, { body: { title: 'Hijacked' } })).statusCode).toBe(403);

    const quick = await author.browser.request('PUT', url, { body: { title: 'Better title', body: 'Better body' } });
    expect(quick.json()).toMatchObject({ title: 'Better title', body: 'Better body', editedAt: null });

    await t.sql`update posts set created_at = now() - interval '10 minutes' where id = ${post.id}`;
    const late = await author.browser.request('PUT', url, { body: { title: 'Much later' } });
    expect(late.json().editedAt).not.toBeNull();
    expect((await author.browser.request('PUT', url, { body: { title: 'no' } })).json().message).toBe('Title is too short');
  });

  it('deletes as the author, mods or admins, and hides the author of a deleted post from non-admins', async () => {
    const author = await member(t);
    const mod = await member(t);
    const admin = await member(t);
    await setAdmin(t.sql, admin.id);
    const community = await insertCommunity(t.sql, { modId: mod.id });
    const stranger = await member(t);

    const post = await postBy(author, community.name);
    const url = `/api/posts/${post.publicId}`;
    expect((await stranger.browser.request('DELETE', url)).statusCode).toBe(403);
    expect((await stranger.browser.request('DELETE', `${url}?deleteAs=mods`)).statusCode).toBe(403);
    expect((await mod.browser.request('DELETE', `${url}?deleteAs=admins`)).statusCode).toBe(403);
    expect((await mod.browser.request('DELETE', `${url}?deleteAs=mods&deleteContent=true`)).statusCode).toBe(403);

    const deleted = await mod.browser.request('DELETE', `${url}?deleteAs=mods`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ deleted: true, deletedAs: 'mods', deletedContent: false, username: '[deleted]', author: null });
    // The words of a deleted post are kept for admins and its author, and gone for everyone else.
    expect((await admin.browser.get(url)).json()).toMatchObject({ username: author.username, userId: author.id, body: 'Body text' });
    expect((await author.browser.get(url)).json()).toMatchObject({ body: 'Body text', deletedContent: false });
    expect((await stranger.browser.get(url)).json()).toMatchObject({ body: null, images: [], link: null, deletedContent: false });
    expect((await new Browser(t.app).get(url)).json()).toMatchObject({ body: null, title: post.title });
    const [user] = await t.sql<{ noPosts: number }[]>`select no_posts from users where id = ${author.id}`;
    expect(user?.noPosts).toBe(0);

    const purged = await author.browser.request('DELETE', `${url}?deleteAs=normal&deleteContent=true`);
    expect(purged.json()).toMatchObject({ deleted: true, deletedContent: true, deletedContentAs: 'normal', body: null });
  });

  it('locks and unlocks as mods or admins; locked posts refuse votes', async () => {
    const author = await member(t);
    const mod = await member(t);
    const community = await insertCommunity(t.sql, { modId: mod.id });
    const post = await postBy(author, community.name);
    const url = `/api/posts/${post.publicId}`;
    expect((await author.browser.request('PUT', `${url}?action=lock`)).statusCode).toBe(403);
    const locked = await mod.browser.request('PUT', `${url}?action=lock&lockAs=mods`);
    expect(locked.json()).toMatchObject({ locked: true, lockedByGroup: 'mods' });

    const voter = await member(t);
    const vote = await voter.browser.post('/api/_postVote', { postId: post.id, up: true });
    expect(vote.statusCode).toBe(403);
    expect(vote.json()).toMatchObject({ code: 'post_locked' });

    expect((await mod.browser.request('PUT', `${url}?action=unlock`)).json().locked).toBe(false);
    expect((await voter.browser.post('/api/_postVote', { postId: post.id, up: true })).statusCode).toBe(200);
  });

  it('keeps a locked post as it is, but for an author who moderates the community or is an admin', async () => {
    const author = await member(t);
    const mod = await member(t);
    const admin = await member(t);
    await setAdmin(t.sql, admin.id);
    const community = await insertCommunity(t.sql, { modId: mod.id });
    const lock = (publicId: string) => mod.browser.request('PUT', `/api/posts/${publicId}?action=lock&lockAs=mods`);

    const post = await postBy(author, community.name);
    await lock(post.publicId);
    const edit = await author.browser.request('PUT', `/api/posts/${post.publicId}`, { body: { title: 'Sneaky' } });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ status: 403, code: 'post_locked', message: 'This post is locked.' });
    expect((await author.browser.request('PUT', `/api/posts/${post.publicId}?action=changeAsUser&userGroup=normal`)).statusCode).toBe(403);
    expect((await author.browser.get(`/api/posts/${post.publicId}`)).json().title).not.toBe('Sneaky');

    for (const session of [mod, admin]) {
      const own = await postBy(session, community.name);
      await lock(own.publicId);
      const edited = await session.browser.request('PUT', `/api/posts/${own.publicId}`, { body: { title: 'Corrected' } });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().title).toBe('Corrected');
    }
  });

  it('pins at most two posts per community, site-wide only for admins', async () => {
    const mod = await member(t);
    const admin = await member(t);
    await setAdmin(t.sql, admin.id);
    const community = await insertCommunity(t.sql, { modId: mod.id });
    const posts = [];
    for (const title of ['Pin one', 'Pin two', 'Pin three']) posts.push(await postBy(mod, community.name, title));
    const pin = (session: { browser: Browser }, publicId: string, extra = '') =>
      session.browser.request('PUT', `/api/posts/${publicId}?action=pin${extra}`);

    expect((await pin(mod, posts[0].publicId)).json().isPinned).toBe(true);
    expect((await pin(mod, posts[1].publicId)).json().isPinned).toBe(true);
    const third = await pin(mod, posts[2].publicId);
    expect(third.statusCode).toBe(403);
    expect(third.json().message).toMatch(/At most 2 posts/);
    expect((await pin(mod, posts[0].publicId, '&siteWide=true')).statusCode).toBe(403);
    expect((await pin(admin, posts[0].publicId, '&siteWide=true')).json().isPinnedSite).toBe(true);
    expect((await mod.browser.request('PUT', `/api/posts/${posts[0].publicId}?action=unpin`)).json().isPinned).toBe(false);
    expect((await pin(mod, posts[2].publicId)).json().isPinned).toBe(true);

    // A pinned post that gets deleted can still be unpinned, but not pinned again.
    await mod.browser.request('DELETE', `/api/posts/${posts[2].publicId}?deleteAs=mods`);
    expect((await pin(mod, posts[2].publicId)).statusCode).toBe(403);
    expect((await mod.browser.request('PUT', `/api/posts/${posts[2].publicId}?action=unpin`)).json().isPinned).toBe(false);
  });

  it('announces once, admins only', async () => {
    const admin = await member(t);
    await setAdmin(t.sql, admin.id);
    const community = await insertCommunity(t.sql);
    const post = await postBy(admin, community.name);
    const url = `/api/posts/${post.publicId}?action=announce`;
    const normal = await member(t);
    expect((await normal.browser.request('PUT', url)).statusCode).toBe(403);
    expect((await admin.browser.request('PUT', url)).statusCode).toBe(200);
    const again = await admin.browser.request('PUT', url);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 409, code: 'already_announced', message: 'Already announced' });
  });

  it('changes how a post is signed, for its author only', async () => {
    const mod = await member(t);
    const community = await insertCommunity(t.sql, { modId: mod.id });
    const post = await postBy(mod, community.name);
    const url = `/api/posts/${post.publicId}?action=changeAsUser&userGroup=mods`;
    expect((await mod.browser.request('PUT', url)).json().userGroup).toBe('mods');
    const admin = await member(t);
    await setAdmin(t.sql, admin.id);
    expect((await admin.browser.request('PUT', url)).statusCode).toBe(403);
  });

  it('answers 400, not 500, for a malformed action or query', async () => {
    const author = await member(t);
    const community = await insertCommunity(t.sql);
    const post = await postBy(author, community.name);
    expect((await author.browser.request('PUT', `/api/posts/${post.publicId}?action=explode`)).statusCode).toBe(400);
    expect((await author.browser.request('DELETE', `/api/posts/${post.publicId}?deleteAs=kings`)).statusCode).toBe(400);
    expect((await author.browser.post('/api/_postVote', { postId: 'not-a-uuid', up: true })).statusCode).toBe(404);
    expect((await author.browser.post('/api/_postVote', { postId: post.id, up: 'yes' })).statusCode).toBe(400);
  });
});
