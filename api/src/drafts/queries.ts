// A member's drafts as the server keeps them.
import type { Draft } from '@quorum/shared/entities/drafts';
import { DRAFTS_KEPT } from '@quorum/shared/constants';
import type { Db } from '../db/connect.ts';

interface DraftRow {
  key: string;
  value: unknown;
  label: string;
  href: string;
  seq: string | number;
  updatedAt: Date;
}

function present(row: DraftRow): Draft {
  return { key: row.key, value: row.value, label: row.label, href: row.href, seq: Number(row.seq), updatedAt: row.updatedAt.toISOString() };
}

export async function listDrafts(db: Db, userId: string): Promise<Draft[]> {
  const rows = await db<DraftRow[]>`
    select key, value, label, href, seq, updated_at from drafts where user_id = ${userId}
    order by updated_at desc limit ${DRAFTS_KEPT}`;
  return rows.map(present);
}

async function getDraft(db: Db, userId: string, key: string): Promise<Draft | undefined> {
  const [row] = await db<DraftRow[]>`select key, value, label, href, seq, updated_at from drafts where user_id = ${userId} and key = ${key}`;
  return row && present(row);
}

/**
 * Keeps a save of a draft unless the kept one has a higher `seq` (saved later elsewhere); answers
 * the draft as kept. Past DRAFTS_KEPT drafts, the member's oldest go.
 */
export async function saveDraft(
  db: Db,
  userId: string,
  draft: { key: string; value: unknown; label: string; href: string; seq: number },
): Promise<Draft> {
  await db`
    insert into drafts (user_id, key, value, label, href, seq)
    values (${userId}, ${draft.key}, ${db.json(draft.value as never)}, ${draft.label}, ${draft.href}, ${draft.seq})
    on conflict (user_id, key) do update set
      value = excluded.value, label = excluded.label, href = excluded.href, seq = excluded.seq, updated_at = now()
    where drafts.seq < excluded.seq`;
  await db`
    delete from drafts where user_id = ${userId} and key in (
      select key from drafts where user_id = ${userId} order by updated_at desc offset ${DRAFTS_KEPT})`;
  const kept = await getDraft(db, userId, draft.key);
  if (!kept) throw new Error('a saved draft is missing');
  return kept;
}

/** Deletes a draft unless it was saved again after `seq`. */
export async function deleteDraft(db: Db, userId: string, key: string, seq: number): Promise<void> {
  await db`delete from drafts where user_id = ${userId} and key = ${key} and seq <= ${seq}`;
}
