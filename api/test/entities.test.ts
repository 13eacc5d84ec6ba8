// Every field the specification names for an entity is in the API's answers, so that a client
// written against the specification finds each one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { makeAdmin, makeCommunity, makeUser } from './helpers/factories.ts';

const FIELDS = {
  user: [
    'id', 'username', 'email', 'proPic', 'aboutMe', 'points', 'noPosts', 'noComments', 'createdAt', 'createdIP', 'lastSeenIP',
    'lastSeenMonth', 'lastSeen', 'deleted', 'deletedAt', 'isAdmin', 'isBanned', 'bannedAt', 'badges', 'moddingList', 'embedsOff',
    'homeFeed', 'rememberFeedSort', 'upvoteNotificationsOff', 'replyNotificationsOff', 'moderationNotificationsOff',
    'announcementNotificationsOff', 'hideUserProfilePictures', 'requireAltText',
    'notificationsNewCount',
  ],
  post: [
    'id', 'publicId', 'type', 'title', 'body', 'link', 'image', 'images', 'imageGalleryIndex', 'userId', 'username', 'author',
    'userDeleted', 'userGhostId', 'userGroup', 'community', 'communityId', 'communityName', 'communityProPic', 'locked',
    'lockedByGroup', 'deleted', 'deletedAt', 'deletedAs', 'deletedContent', 'deletedContentAs', 'hidden', 'isPinned', 'isPinnedSite',
    'upvotes', 'downvotes', 'userVoted', 'userVotedUp', 'vote', 'noComments', 'newComments', 'comments', 'commentsNext', 'createdAt',
    'editedAt', 'lastVisitAt',
  ],
  comment: [
    'id', 'postId', 'postPublicId', 'parentId', 'depth', 'body', 'userId', 'username', 'communityName', 'author', 'userDeleted',
    'userGhostId', 'userGroup', 'upvotes', 'downvotes', 'userVoted', 'userVotedUp', 'noReplies', 'createdAt', 'editedAt', 'deleted',
    'deletedAt', 'deletedAs', 'contentStripped', 'isAuthorMuted', 'ancestors',
  ],
  community: [
    'id', 'name', 'proPic', 'bannerImage', 'about', 'noMembers', 'userJoined', 'userMod', 'isMuted', 'mods', 'rules', 'isDefault',
    'postingRestricted', 'createdAt',
  ],
  rule: ['id', 'rule', 'description', 'zIndex'],
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const keysOf = (value: unknown) => Object.keys(value as object);

describe('entity fields', () => {
  it('answers every field the specification names for users, posts, comments, communities and rules', async () => {
    const admin = await makeAdmin(t);
    const member = await makeUser(t);
    const community = await makeCommunity(member.browser);
    await member.browser.post(`/api/communities/${community.id}/rules`, { rule: 'Be kind', description: null });
    const post = (await member.browser.post('/api/posts', { title: 'Fields', community: community.name })).json<{ publicId: string }>();
    const comment = (await member.browser.post(`/api/posts/${post.publicId}/comments`, { body: 'A comment' })).json();
    expect(keysOf(comment)).toEqual(expect.arrayContaining(FIELDS.comment));

    // Preferences are for the user themself, addresses for admins asking for them: an admin sees all of them.
    const self = (await admin.browser.get('/api/_user')).json();
    const asAdmin = (await admin.browser.get(`/api/users/${admin.username}?adminsView=true`)).json();
    expect(keysOf({ ...self, ...asAdmin })).toEqual(expect.arrayContaining(FIELDS.user));
    const full = (await admin.browser.get(`/api/posts/${post.publicId}`)).json<{ comments: unknown[]; community: { rules: unknown[] } }>();
    expect(keysOf(full)).toEqual(expect.arrayContaining(FIELDS.post));
    expect(keysOf(full.comments[0])).toEqual(expect.arrayContaining(FIELDS.comment));
    expect(keysOf(full.community)).toEqual(expect.arrayContaining(FIELDS.community));
    expect(keysOf(full.community.rules[0])).toEqual(expect.arrayContaining(FIELDS.rule));
  });

  it('tells the viewer whether they muted a community, and whether a comment is deleted', async () => {
    const member = await makeUser(t);
    const community = await makeCommunity(member.browser);
    const viewer = await makeUser(t);
    expect((await viewer.browser.get(`/api/communities/${community.id}`)).json()).toMatchObject({ isMuted: false });
    expect((await viewer.browser.post('/api/mutes', { communityId: community.id })).statusCode).toBeLessThan(300);
    expect((await viewer.browser.get(`/api/communities/${community.id}`)).json()).toMatchObject({ isMuted: true });
    expect((await member.browser.get(`/api/communities/${community.id}`)).json()).toMatchObject({ isMuted: false });
    const mutes = (await viewer.browser.get('/api/mutes')).json<{ communityMutes: unknown[] }>();
    expect(keysOf(mutes.communityMutes[0])).toEqual(expect.arrayContaining(['type', 'mutedUserId', 'mutedCommunityId', 'mutedCommunity']));

    const post = (await member.browser.post('/api/posts', { title: 'Soon', community: community.name })).json<{ publicId: string }>();
    const comment = (await member.browser.post(`/api/posts/${post.publicId}/comments`, { body: 'Gone' })).json<{ id: string; deleted: boolean }>();
    expect(comment.deleted).toBe(false);
    const deleted = await member.browser.request('DELETE', `/api/posts/${post.publicId}/comments/${comment.id}`);
    expect(deleted.json()).toMatchObject({ deleted: true, deletedAs: 'normal' });
  });
});
