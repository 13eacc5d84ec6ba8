import type { Db } from '../db/connect.ts';
import type { ListRow } from './present.ts';

/** A user's own lists, most recently updated first. */
export async function listOwnLists(db: Db, userId: string): Promise<ListRow[]> {
  return db<ListRow[]>`
    select l.id, l.user_id, u.username, l.name, l.display_name, l.description, l.public, l.num_items,
           l.created_at, l.last_updated_at
    from lists l join users u on u.id = l.user_id
    where l.user_id = ${userId} order by l.last_updated_at desc, l.id desc`;
}
