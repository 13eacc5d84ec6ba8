import type { List } from '@quorum/shared/types';
import type { Db } from '../db/connect.ts';

interface ListRow {
  id: string;
  userId: string;
  username: string;
  name: string;
  displayName: string;
  description: string | null;
  public: boolean;
  numItems: number;
  createdAt: Date;
  lastUpdatedAt: Date;
}

export function presentList(row: ListRow): List {
  return {
    id: row.id,
    userId: row.userId,
    username: row.username,
    name: row.name,
    displayName: row.displayName,
    description: row.description,
    public: row.public,
    numItems: row.numItems,
    createdAt: row.createdAt.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
  };
}

/** A user's own lists, most recently updated first. */
export async function listOwnLists(db: Db, userId: string): Promise<List[]> {
  const rows = await db<ListRow[]>`
    select l.id, l.user_id, u.username, l.name, l.display_name, l.description, l.public, l.num_items,
           l.created_at, l.last_updated_at
    from lists l join users u on u.id = l.user_id
    where l.user_id = ${userId} order by l.last_updated_at desc, l.id desc`;
  return rows.map(presentList);
}
