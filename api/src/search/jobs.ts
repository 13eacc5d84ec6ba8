// The words tables' months (migrations/0034_search_by_month.sql): each hour, the tables of this
// month and the next two are made where missing, so that new posts and comments go to their
// month's table rather than the catch-all one.
import type { Db, Sql } from '../db/connect.ts';

export const JOB_SEARCH_MONTHS = 'add_search_months';

/** How many months ahead of the current one the words tables are made. */
const MONTHS_AHEAD = 2;

/** Makes the words tables of every month from the month of `since` through the month of `through` that has none yet. */
export async function addSearchMonths(db: Db, since: Date, through: Date): Promise<void> {
  for (const [table, id] of [['post_search', 'post_id'], ['comment_search', 'comment_id']] as const) {
    await db`select add_search_months(${table}, ${id}, ${since}, ${through})`;
  }
}

export function searchJobHandlers(sql: Sql) {
  return {
    [JOB_SEARCH_MONTHS]: async () => {
      const now = new Date();
      await addSearchMonths(sql, now, new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + MONTHS_AHEAD, 1)));
    },
  };
}
