import type { FastifyPluginAsync } from 'fastify';
import {
  createPostBody, deletePostQuery, feedQuery, type FeedQuery, getPostQuery, hidePostBody, postActionQuery, postVoteBody, updatePostBody,
} from '@quorum/shared/schemas/posts';
import { Comment } from '@quorum/shared/entities/comments';
import { FeedPage, Post, type ModeratedPostsPage, type PostsPage } from '@quorum/shared/entities/posts';
import { Success } from '@quorum/shared/entities/schema';
import { modReasonBody } from '@quorum/shared/schemas/admin';
import { requireUser } from '../auth/plugin.ts';
import { presentComment } from '../content/comment-present.ts';
import { presentCommunity } from '../content/community-present.ts';
import { getCommunityById } from '../content/community-queries.ts';
import { memberFeedFromShared, memberPostFromShared } from '../content/member-view.ts';
import { loadFeed, loadModeratedPosts, loadPost } from '../content/post-load.ts';
import { presentPost } from '../content/post-present.ts';
import { loadCommentsPage } from '../content/thread.ts';
import type { Sql } from '../db/connect.ts';
import { routeSerializer, sends, serializeWithKeptItems } from '../http/answer-schema.ts';
import { parse } from '../http/validate.ts';
import { sendToVisitor, visitorsAnswer, type VisitorCache } from '../http/visitor-cache.ts';
import { createPost, deletePost, editPost, hidePost, recordView, runPostAction, unhidePost, votePost } from './actions.ts';
import { linkThumbnails, type LinkImageSaver } from './link-thumbnails.ts';

export interface PostsRoutesOptions {
  sql: Sql;
  visitorCache: VisitorCache;
  linkImage?: LinkImageSaver;
}

type Params = { Params: { publicId: string } };

/**
 * The key of a visitor's feed page: what the page depends on and nothing else (`page` and
 * `filter` are for moderators' lists, `feed` is left out for a community's), so that requests
 * for one page in other spellings share it. Ids are read in any case.
 */
function feedPageKey(query: FeedQuery): string {
  const feed = query.communityId ? `community ${query.communityId.toLowerCase()}` : query.feed;
  return `feed ${feed} ${query.sort} ${query.limit} ${query.next ?? ''}`;
}

const postsRoutes: FastifyPluginAsync<PostsRoutesOptions> = async (app, { sql, visitorCache, linkImage }) => {
  const thumbnails = linkThumbnails(sql, linkImage, app.log);
  app.addHook('onClose', thumbnails.settle);

  app.get('/posts', { schema: sends(FeedPage), config: { reads: 'replica' } }, async (request, reply) => {
    const query = parse(feedQuery, request.query);
    const { filter } = query;
    if (filter) {
      const user = requireUser(request);
      const list = await loadModeratedPosts(request.readSql, { ...query, filter }, user);
      const posts = list.rows.map((row) => presentPost(row, user));
      return { posts, next: null, noPosts: list.total, limit: query.limit, page: query.page } satisfies ModeratedPostsPage;
    }
    const viewer = request.user;
    const key = feedPageKey(query);
    const feedPage = async (reader: typeof viewer): Promise<PostsPage> => {
      const feed = await loadFeed(request.readSql, query, reader?.id ?? null);
      return { posts: feed.rows.map((row) => presentPost(row, reader)), next: feed.next };
    };
    if (!viewer) return sendToVisitor(visitorCache, request, reply, key, () => feedPage(null));
    const visitorsPage = visitorsAnswer(visitorCache, reply, key, () => feedPage(null));
    return (await memberFeedFromShared(request, visitorCache, query, visitorsPage)) ?? feedPage(viewer);
  });

  app.get<Params>('/posts/:publicId', { schema: sends(Post), config: { reads: 'replica' } }, async (request, reply) => {
    const { fetchCommunity } = parse(getPostQuery, request.query);
    const viewer = request.user;
    const db = request.readSql;
    const { publicId } = request.params;
    const key = `post ${publicId} ${fetchCommunity !== 'false'}`;
    const postPage = async (reader: typeof viewer): Promise<Post> => {
      const post = await loadPost(db, publicId, reader);
      // The visit is recorded (on the primary) after reading, so that this answer still counts the comments new since the last one.
      const [thread, community] = await Promise.all([
        loadCommentsPage(db, post.id, reader?.id ?? null),
        fetchCommunity === 'false' ? undefined : getCommunityById(db, post.communityId, reader?.id ?? null),
        reader && recordView(sql, post, reader.id),
      ]);
      return {
        ...presentPost(post, reader),
        ...(community && { community: presentCommunity(community) }),
        comments: thread.rows.map((row) => presentComment(row, reader)),
        commentsNext: thread.next,
      };
    };
    if (!viewer) return sendToVisitor(visitorCache, request, reply, key, () => postPage(null));
    const visitorsPage = visitorsAnswer(visitorCache, reply, key, () => postPage(null));
    const member = await memberPostFromShared(request, visitorCache, visitorsPage);
    if (member) {
      await recordView(sql, member.visit, viewer.id);
      // The comments that are the visitors' (no vote of the member's, no author they muted) keep their text.
      const serializeComment = (comment: Record<string, unknown>) => reply.serializeInput(comment, Comment) as string;
      const json = serializeWithKeptItems(routeSerializer(reply), serializeComment, member.page, 'comments', await visitorsPage());
      return json === undefined ? member.page : reply.type('application/json; charset=utf-8').send(json);
    }
    return postPage(viewer);
  });

  app.post('/posts', { schema: sends(Post), config: { limit: 'createPost' } }, async (request, reply) => {
    const user = requireUser(request);
    const created = await createPost(sql, user, parse(createPostBody, request.body));
    if (created.link) thumbnails.add(created.id, created.link.toString(), user.id);
    return reply.code(201).send(presentPost(await loadPost(sql, created.publicId, user), user));
  });

  app.put<Params>('/posts/:publicId', {
    schema: sends(Post),
    config: { limit: 'editContent' },
  }, async (request): Promise<Post> => {
    const user = requireUser(request);
    const query = parse(postActionQuery, request.query);
    const post = await loadPost(sql, request.params.publicId, user);
    if (query.action) {
      const { reason } = query.action === 'lock' ? parse(modReasonBody, request.body) : { reason: null };
      await runPostAction(sql, user, post, query.action, query, reason, app.jobs);
    }
    else await editPost(sql, user, post, parse(updatePostBody, request.body));
    return presentPost(await loadPost(sql, post.publicId, user), user);
  });

  app.delete<Params>('/posts/:publicId', {
    schema: sends(Post),
    config: { limit: 'editContent' },
  }, async (request): Promise<Post> => {
    const user = requireUser(request);
    const query = parse(deletePostQuery, request.query);
    const post = await loadPost(sql, request.params.publicId, user);
    await deletePost(sql, user, post, query, parse(modReasonBody, request.body).reason, app.jobs);
    return presentPost(await loadPost(sql, post.publicId, user), user);
  });

  app.post('/_postVote', {
    schema: sends(Post),
    config: { limit: 'vote', idempotent: 'unflushed' },
  }, async (request): Promise<Post> => {
    const user = requireUser(request);
    const body = parse(postVoteBody, request.body);
    return presentPost(await votePost(sql, user, body, app.jobs), user);
  });

  app.post('/hidden_posts', { schema: sends(Success) }, async (request, reply) => {
    const user = requireUser(request);
    await hidePost(sql, user, parse(hidePostBody, request.body).postId);
    return reply.code(201).send({ success: true });
  });

  app.delete<{ Params: { postId: string } }>('/hidden_posts/:postId', { schema: sends(Success) }, async (request) => {
    await unhidePost(sql, requireUser(request), request.params.postId);
    return { success: true };
  });
};

export default postsRoutes;
