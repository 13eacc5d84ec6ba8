import type { FastifyPluginAsync } from 'fastify';
import { Messages } from '@quorum/shared/errors';
import { addBadgeBody, deleteAccountBody, getUserQuery, removeBadgeQuery, userFeedQuery } from '@quorum/shared/schemas/users';
import { adminUsersQuery } from '@quorum/shared/schemas/admin';
import { UserFeedPage } from '@quorum/shared/entities/posts';
import { Success } from '@quorum/shared/entities/schema';
import { User, UsersPage } from '@quorum/shared/entities/users';
import { requireAdmin, requireUser } from '../auth/plugin.ts';
import { memberProfileFeedFromShared } from '../content/member-view.ts';
import { loadUserFeed } from '../content/profile-feed.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { sendToVisitor, visitorsAnswer, type VisitorCache } from '../http/visitor-cache.ts';
import { storeImage } from '../images/process.ts';
import type { ImageStore } from '../images/storage.ts';
import { readImageUpload } from '../images/upload.ts';
import { assertOwnAccount, awardBadge, deleteAccount, removeBadge, replaceProPic } from './account.ts';
import { presentUser } from './present.ts';
import { loadProfile, loadUsersPage } from './profile.ts';
import { getUserByName, loadUser } from './queries.ts';

export interface UsersRoutesOptions {
  sql: Sql;
  visitorCache: VisitorCache;
  store: ImageStore;
  maxBytes: number;
}

type Params = { Params: { username: string } };

const usersRoutes: FastifyPluginAsync<UsersRoutesOptions> = async (app, { sql, visitorCache, store, maxBytes }) => {
  /** An account that exists and is not deleted, for changes to it. */
  async function liveAccount(username: string) {
    const user = await getUserByName(sql, username);
    if (!user || user.deletedAt) throw notFound(Messages.userNotFound);
    return user;
  }

  /** Every account with every detail, newest first, for admins; `q` finds names and emails. */
  app.get('/users', { schema: sends(UsersPage) }, async (request): Promise<UsersPage> => {
    const admin = requireAdmin(request);
    const page = await loadUsersPage(sql, parse(adminUsersQuery, request.query));
    return { users: page.rows.map((row) => presentUser(row, admin, { adminsView: true })), next: page.next };
  });

  app.get<Params>('/users/:username', { schema: sends(User), config: { reads: 'replica' } }, async (request): Promise<User> => {
    const adminsView = parse(getUserQuery, request.query).adminsView === 'true';
    if (adminsView) requireAdmin(request);
    const user = await loadProfile(request.readSql, request.params.username, request.user);
    return presentUser(user, request.user, { adminsView });
  });

  app.get<Params>('/users/:username/feed', {
    schema: sends(UserFeedPage),
    config: { reads: 'replica' },
  }, async (request, reply) => {
    const query = parse(userFeedQuery, request.query);
    const { username } = request.params;
    const feedPage = async (reader: typeof request.user): Promise<UserFeedPage> => {
      const user = await loadProfile(request.readSql, username, reader);
      return loadUserFeed(request.readSql, user.id, query, reader);
    };
    const viewer = request.user;
    const key = `profile feed ${username.toLowerCase()} ${query.filter} ${query.next ?? ''}`;
    if (!viewer) return sendToVisitor(visitorCache, request, reply, key, () => feedPage(null));
    const visitorsPage = visitorsAnswer(visitorCache, reply, key, () => feedPage(null));
    return (await memberProfileFeedFromShared(request, visitorCache, username, visitorsPage)) ?? feedPage(viewer);
  });

  app.post<Params>('/users/:username/pro_pic', {
    schema: sends(User),
    config: { limit: 'upload' },
  }, async (request): Promise<User> => {
    const actor = requireUser(request);
    const user = await liveAccount(request.params.username);
    assertOwnAccount(actor, user.id);
    const buffer = await readImageUpload(request, maxBytes);
    const image = await storeImage(sql, store, buffer, { uploadedBy: actor.id, kind: 'avatar' });
    await replaceProPic(sql, user.id, { id: image.id, uploadedBy: actor.id });
    return presentUser(await loadUser(sql, user.id), actor);
  });

  app.delete<Params>('/users/:username/pro_pic', { schema: sends(User) }, async (request): Promise<User> => {
    const actor = requireUser(request);
    const user = await liveAccount(request.params.username);
    assertOwnAccount(actor, user.id);
    await replaceProPic(sql, user.id, null);
    return presentUser(await loadUser(sql, user.id), actor);
  });

  /** Deletes one's own account; the password must be given again. */
  app.delete<Params>('/users/:username', { schema: sends(Success) }, async (request, reply): Promise<{ success: true }> => {
    const actor = requireUser(request);
    const { password } = parse(deleteAccountBody, request.body);
    const user = await liveAccount(request.params.username);
    if (user.id !== actor.id) throw forbidden(Messages.onlyOwnAccount);
    await deleteAccount(sql, user.id, password);
    await reply.endSession();
    return { success: true };
  });

  app.post<Params>('/users/:username/badges', { schema: sends(User) }, async (request): Promise<User> => {
    const admin = requireAdmin(request);
    const { type } = parse(addBadgeBody, request.body);
    const user = await liveAccount(request.params.username);
    await awardBadge(sql, app.jobs, user.id, type);
    return presentUser(await loadUser(sql, user.id), admin);
  });

  app.delete<{ Params: { username: string; badge: string } }>('/users/:username/badges/:badge', { schema: sends(User) }, async (request): Promise<User> => {
    const admin = requireAdmin(request);
    const byType = parse(removeBadgeQuery, request.query).byType === 'true';
    const user = await liveAccount(request.params.username);
    await removeBadge(sql, user.id, request.params.badge, byType);
    return presentUser(await loadUser(sql, user.id), admin);
  });
};

export default usersRoutes;
