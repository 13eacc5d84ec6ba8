import type { ContentType } from '@quorum/shared/entities/reports';
import type { ListsQuery } from '@quorum/shared/schemas/lists';
import type { Db } from '../db/connect.ts';
import { epochMicros, fromEpochMicros } from '../db/micros.ts';
import type { ListRow } from './present.ts';

function selectLists(db: Db) {
  return db`
    select l.id, l.user_id, u.username, l.name, l.display_name, l.description, l.public, l.num_items,
           l.created_at, l.last_updated_at
    from lists l join users u on u.id = l.user_id`;
}

/** A user's own lists, most recently updated first. */
export async function listOwnLists(db: Db, userId: string): Promise<ListRow[]> {
  return db<ListRow[]>`${selectLists(db)} where l.user_id = ${userId} order by l.last_updated_at desc, l.id desc`;
}

/** A user's lists in the order asked; private ones only when `withPrivate`. */
export async function listUserLists(db: Db, userId: string, query: ListsQuery, withPrivate: boolean): Promise<ListRow[]> {
  const visible = withPrivate ? db`` : db`and l.public`;
  const chosen = query.filter === 'public' ? db`and l.public` : query.filter === 'private' ? db`and not l.public` : db``;
  const order = query.sort === 'name' ? db`lower(l.display_name), lower(l.name), l.id` : db`l.last_updated_at desc, l.id desc`;
  return db<ListRow[]>`${selectLists(db)} where l.user_id = ${userId} ${visible} ${chosen} order by ${order}`;
}

export async function getListByName(db: Db, userId: string, name: string): Promise<ListRow | undefined> {
  const [row] = await db<ListRow[]>`${selectLists(db)} where l.user_id = ${userId} and lower(l.name) = lower(${name})`;
  return row;
}

export async function getListById(db: Db, id: string): Promise<ListRow | undefined> {
  const [row] = await db<ListRow[]>`${selectLists(db)} where l.id = ${id}`;
  return row;
}

export interface ListFields {
  name: string;
  displayName: string;
  description: string | null;
  public: boolean;
}

/** Creates a list; undefined when the user already has one of that name (whatever the case). */
export async function insertList(db: Db, userId: string, list: ListFields): Promise<string | undefined> {
  const [row] = await db<{ id: string }[]>`
    insert into lists (user_id, name, display_name, description, public)
    values (${userId}, ${list.name}, ${list.displayName}, ${list.description}, ${list.public})
    on conflict do nothing
    returning id`;
  return row?.id;
}

/** Saves a list's fields; false when another list of the owner already has the new name. */
export async function updateList(db: Db, id: string, list: ListFields): Promise<boolean> {
  const [row] = await db<{ id: string }[]>`
    update lists set name = ${list.name}, display_name = ${list.displayName}, description = ${list.description},
      public = ${list.public}, last_updated_at = now()
    where id = ${id}
      and not exists (select 1 from lists o where o.user_id = lists.user_id and o.id <> lists.id and lower(o.name) = lower(${list.name}))
    returning id`;
  return row !== undefined;
}

export async function deleteList(db: Db, id: string): Promise<void> {
  await db`delete from lists where id = ${id}`;
}

const targetColumn = (db: Db, type: ContentType) => (type === 'post' ? db`post_id` : db`comment_id`);

/** Adds a post or a comment to a list (adding it again changes nothing), and counts it. */
export async function insertListItem(db: Db, listId: string, type: ContentType, targetId: string): Promise<void> {
  await db`
    with added as (
      insert into list_items (list_id, target_type, ${targetColumn(db, type)}) values (${listId}, ${type}, ${targetId})
      on conflict do nothing
      returning 1
    )
    update lists set num_items = num_items + 1, last_updated_at = now()
    where id = ${listId} and exists (select 1 from added)`;
}

/** Takes a post or a comment out of a list. */
export async function deleteListItem(db: Db, listId: string, type: ContentType, targetId: string): Promise<void> {
  await db`
    with removed as (
      delete from list_items where list_id = ${listId} and ${targetColumn(db, type)} = ${targetId}
      returning 1
    )
    update lists set num_items = greatest(num_items - (select count(*)::int from removed), 0), last_updated_at = now()
    where id = ${listId} and exists (select 1 from removed)`;
}

/** Empties a list. */
export async function clearListItems(db: Db, listId: string): Promise<void> {
  await db`
    with removed as (delete from list_items where list_id = ${listId} returning 1)
    update lists set num_items = 0, last_updated_at = now() where id = ${listId}`;
}

export interface ListItemRow {
  id: string;
  listId: string;
  targetType: ContentType;
  postId: string | null;
  commentId: string | null;
  createdAt: Date;
  /** `createdAt` in microseconds since the epoch, exactly as stored: what a page's cursor holds. */
  createdUs: number;
}

/** One page of a list's items, the latest added first (limit + 1 rows). */
export async function listListItems(
  db: Db,
  listId: string,
  limit: number,
  after?: { createdUs: number; id: string },
): Promise<ListItemRow[]> {
  return db<ListItemRow[]>`
    select li.id, li.list_id, li.target_type, li.post_id, li.comment_id, li.created_at,
      ${epochMicros(db, db`li.created_at`)} as created_us
    from list_items li
    where li.list_id = ${listId}
      ${after
        ? db`and (li.created_at, li.id) < (${fromEpochMicros(db, after.createdUs)}, ${after.id})`
        : db``}
    order by li.created_at desc, li.id desc
    limit ${limit + 1}`;
}

/** The ids of the user's lists that hold a post or a comment. */
export async function listSavedTo(db: Db, userId: string, type: ContentType, targetId: string): Promise<string[]> {
  const rows = await db<{ listId: string }[]>`
    select li.list_id from list_items li join lists l on l.id = li.list_id
    where l.user_id = ${userId} and li.${targetColumn(db, type)} = ${targetId}
    order by l.last_updated_at desc, l.id desc`;
  return rows.map((row) => row.listId);
}

/** What saving a post or a comment checks: whether it is there and not deleted. */
export async function getTargetState(db: Db, type: ContentType, id: string): Promise<{ deleted: boolean } | undefined> {
  const [row] = await db<{ deleted: boolean }[]>`
    select deleted_at is not null as deleted from ${type === 'post' ? db`posts` : db`comments`} where id = ${id}`;
  return row;
}
