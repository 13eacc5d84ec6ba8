import { COMMUNITY_REQUESTS_PAGE_SIZE } from '@quorum/shared/constants';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { isUuid } from '@quorum/shared/schemas/common';
import type { Db, Sql } from '../db/connect.ts';
import { cursorValue, decodeCursor, pageOf } from '../http/cursor.ts';
import { conflict, notFound } from '../http/errors.ts';
import type { Jobs } from '../jobs/queue.ts';
import { recordModAction, siteAdmin } from '../modlog/record.ts';
import { queueNotification } from '../notifications/jobs.ts';
import type { CommunityRequestRow } from './present.ts';
import * as q from './queries.ts';

export async function loadCommunityRequest(db: Db, id: string): Promise<CommunityRequestRow> {
  const row = isUuid(id) ? await q.getCommunityRequest(db, id) : undefined;
  if (!row) throw notFound(Messages.communityRequestNotFound);
  return row;
}

export async function createCommunityRequest(sql: Sql, userId: string, input: { name: string; note: string | null }): Promise<CommunityRequestRow> {
  const id = await q.insertCommunityRequest(sql, { userId, name: input.name, note: input.note?.trim() || null });
  return loadCommunityRequest(sql, id);
}

export async function listCommunityRequests(db: Db, next?: string): Promise<{ rows: CommunityRequestRow[]; next: string | null }> {
  const cursor = decodeCursor(next, 'community-requests', cursorValue.none);
  const rows = await q.listCommunityRequests(db, COMMUNITY_REQUESTS_PAGE_SIZE, cursor?.id);
  return pageOf(rows, COMMUNITY_REQUESTS_PAGE_SIZE, (last) => ({ sort: 'community-requests', value: null, id: last.id }));
}

/**
 * Denies a pending request with the admin's note and tells the requester (denied_comm). A request
 * denied before, by this admin or another, is a 409 `already_denied`.
 */
export async function denyCommunityRequest(sql: Sql, jobs: Jobs, admin: { id: string }, input: { id: string; body?: string | null }): Promise<void> {
  const request = await loadCommunityRequest(sql, input.id);
  const note = input.body?.trim() || null;
  const denied = await sql.begin(async (tx) => {
    const row = await q.denyCommunityRequest(tx, request.id, { by: admin.id, note });
    if (!row) throw conflict(ErrorCode.alreadyDenied, Messages.alreadyDenied);
    await recordModAction(tx, {
      kind: 'deny_community_request',
      ...siteAdmin(admin),
      target: { type: 'community_request', id: request.id },
      targetUserId: row.byUserId,
      details: { communityName: request.communityName },
      reason: note,
    });
    return row;
  });
  if (denied.byUserId) {
    await queueNotification(jobs, { kind: 'denied_comm', userId: denied.byUserId, body: note ?? request.communityName });
  }
}

/** Deletes a request as an admin, logged. */
export async function deleteCommunityRequest(sql: Sql, admin: { id: string }, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(Messages.communityRequestNotFound);
  await sql.begin(async (tx) => {
    const deleted = await q.deleteCommunityRequest(tx, id);
    if (!deleted) throw notFound(Messages.communityRequestNotFound);
    await recordModAction(tx, {
      kind: 'delete_community_request',
      ...siteAdmin(admin),
      target: { type: 'community_request', id },
      targetUserId: deleted.byUserId,
      details: { communityName: deleted.communityName },
    });
  });
}
