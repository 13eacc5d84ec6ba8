import type { FastifyPluginAsync } from 'fastify';
import { NOTIFICATIONS_PAGE_SIZE } from '@quorum/shared/constants';
import { Messages } from '@quorum/shared/errors';
import { isUuid } from '@quorum/shared/schemas/common';
import {
  notificationActionQuery, notificationDeleteQuery, notificationsActionQuery, notificationsQuery,
} from '@quorum/shared/schemas/notifications';
import { pushSubscriptionBody } from '@quorum/shared/schemas/users';
import { Notification, NotificationsPage } from '@quorum/shared/entities/notifications';
import { Success } from '@quorum/shared/entities/schema';
import { recordDailyEvent } from '../analytics/queries.ts';
import { hashSessionId, requireUser } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { cursorValue, decodeCursor, pageOf } from '../http/cursor.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { isAcceptableEndpoint } from './push.ts';
import * as q from './queries.ts';
import { renderNotification, type TitleFormat } from './render.ts';

const SORT = 'notifications';
const titleFormat = (format: string | undefined): TitleFormat => (format === 'html' ? 'html' : 'text');

const notificationsRoutes: FastifyPluginAsync<{ sql: Sql }> = async (app, { sql }) => {
  app.get('/notifications', { schema: sends(NotificationsPage) }, async (request): Promise<NotificationsPage> => {
    const user = requireUser(request);
    const query = parse(notificationsQuery, request.query);
    const after = decodeCursor(query.next, SORT, cursorValue.natural);
    const { rows, count, newCount } = await q.readNotificationsPage(sql, user.id, after, NOTIFICATIONS_PAGE_SIZE);
    const page = pageOf(rows, NOTIFICATIONS_PAGE_SIZE, (last) => ({ sort: SORT, value: last.position, id: last.id }));
    return { count, newCount, items: page.rows.map((row) => renderNotification(row, titleFormat(query.format))), next: page.next };
  });

  app.post('/notifications', { schema: sends(Success) }, async (request) => {
    const user = requireUser(request);
    const query = parse(notificationsActionQuery, request.query);
    if (query.action === 'resetNewCount') await q.resetNewCount(sql, user.id);
    else if (query.action === 'markAllAsSeen') await q.markAllSeen(sql, user.id, query.type || undefined);
    else await q.deleteAllNotifications(sql, user.id);
    return { success: true };
  });

  app.put<{ Params: { id: string } }>('/notifications/:id', { schema: sends(Notification) }, async (request): Promise<Notification> => {
    const user = requireUser(request);
    const query = parse(notificationActionQuery, request.query);
    const id = request.params.id;
    if (!isUuid(id) || !(await q.setSeen(sql, user.id, id, query.seen === 'true'))) throw notFound(Messages.notificationNotFound);
    const row = await q.getNotification(sql, user.id, id);
    if (!row) throw notFound(Messages.notificationNotFound);
    return renderNotification(row, titleFormat(query.format));
  });

  app.delete<{ Params: { id: string } }>('/notifications/:id', { schema: sends(Notification) }, async (request): Promise<Notification> => {
    const user = requireUser(request);
    const query = parse(notificationDeleteQuery, request.query);
    const id = request.params.id;
    const row = isUuid(id) ? await q.getNotification(sql, user.id, id) : null;
    if (!row || !(await q.deleteNotification(sql, user.id, id))) throw notFound(Messages.notificationNotFound);
    return renderNotification(row, titleFormat(query.format));
  });

  /** The browser's push subscription of this session: one per session, replaced when it changes. */
  app.post('/push_subscriptions', { schema: sends(Success) }, async (request) => {
    const user = requireUser(request);
    const body = parse(pushSubscriptionBody, request.body);
    if (!isAcceptableEndpoint(body.endpoint)) throw badRequest(Messages.invalidPushEndpoint);
    await q.savePushSubscription(sql, {
      sessionId: hashSessionId(request.sessionId),
      userId: user.id,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
    });
    // Counted like the app's own report of it (POST /api/analytics), once a day per user.
    await recordDailyEvent(sql, 'notifications_enabled', `user:${user.id}`, { loggedIn: true });
    return { success: true };
  });

  /** Stops pushes to this session's browser (the member turned them off on this device). */
  app.delete('/push_subscriptions', { schema: sends(Success) }, async (request) => {
    requireUser(request);
    await q.deletePushSubscription(sql, hashSessionId(request.sessionId));
    return { success: true };
  });
};

export default notificationsRoutes;
