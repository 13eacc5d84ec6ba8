import type { Db } from '../db/connect.ts';
import type { CommunityRequestRow } from './present.ts';

function selectRequests(db: Db) {
  return db`
    select r.id, r.created_at, requester.username as by_user, r.community_name, r.note,
      exists (select 1 from communities c where lower(c.name) = lower(r.community_name) and c.deleted_at is null) as community_exists,
      r.denied_at, denier.username as denied_by, r.denied_note
    from community_requests r
    left join users requester on requester.id = r.by_user_id
    left join users denier on denier.id = r.denied_by`;
}

export async function insertCommunityRequest(db: Db, request: { userId: string; name: string; note: string | null }): Promise<string> {
  const [row] = await db<{ id: string }[]>`
    insert into community_requests (by_user_id, community_name, note)
    values (${request.userId}, ${request.name}, ${request.note}) returning id`;
  if (!row) throw new Error('insert into community_requests returned nothing');
  return row.id;
}

export async function getCommunityRequest(db: Db, id: string): Promise<CommunityRequestRow | undefined> {
  const [row] = await db<CommunityRequestRow[]>`${selectRequests(db)} where r.id = ${id} and r.deleted_at is null`;
  return row;
}

/** Requests not deleted, newest first (limit + 1 rows). */
export async function listCommunityRequests(db: Db, limit: number, beforeId?: string): Promise<CommunityRequestRow[]> {
  return db<CommunityRequestRow[]>`
    ${selectRequests(db)}
    where r.deleted_at is null ${beforeId ? db`and r.id < ${beforeId}` : db``}
    order by r.id desc
    limit ${limit + 1}`;
}

/** Marks a pending request denied; answers its requester, or undefined when no pending request has that id. */
export async function denyCommunityRequest(
  db: Db,
  id: string,
  denial: { by: string; note: string | null },
): Promise<{ byUserId: string | null } | undefined> {
  const [row] = await db<{ byUserId: string | null }[]>`
    update community_requests set denied_at = now(), denied_by = ${denial.by}, denied_note = ${denial.note}
    where id = ${id} and deleted_at is null and denied_at is null
    returning by_user_id`;
  return row;
}

/** Deletes a request; undefined when there is none to delete. */
export async function deleteCommunityRequest(db: Db, id: string): Promise<{ communityName: string; byUserId: string | null } | undefined> {
  const [row] = await db<{ communityName: string; byUserId: string | null }[]>`
    update community_requests set deleted_at = now() where id = ${id} and deleted_at is null returning community_name, by_user_id`;
  return row;
}
