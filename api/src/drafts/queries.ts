// A member's drafts as the server keeps them. A deleted draft stays as a tombstone (`deleted`, its
// words emptied, at the delete's `seq`) so that other devices learn that it is gone.
import type { DeletedDraft, Draft, Drafts } from '@quorum/shared/entities/drafts';
import { DRAFT_TOMBSTONE_KEPT_MS, DRAFT_TOMBSTONES_KEPT, DRAFTS_KEPT } from '@quorum/shared/constants';
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

/** The member's drafts and deletions, the latest first; `prune` keeps both within their caps. */
export async function listDrafts(db: Db, userId: string): Promise<Drafts> {
  const rows = await db<Array<DraftRow & { deleted: boolean }>>`
    select key, value, label, href, seq, updated_at, deleted from drafts where user_id = ${userId}
    order by updated_at desc`;
  return {
    drafts: rows.filter((row) => !row.deleted).map(present),
    deleted: rows.filter((row) => row.deleted).map((row): DeletedDraft => ({ key: row.key, seq: Number(row.seq) })),
  };
}

/**
 * Past DRAFTS_KEPT drafts, the member's oldest go; tombstones past DRAFT_TOMBSTONES_KEPT, or older
 * than DRAFT_TOMBSTONE_KEPT_MS, go too.
 */
async function prune(db: Db, userId: string): Promise<void> {
  await db`
    delete from drafts where user_id = ${userId} and key in (
      select key from (
        select key, deleted, updated_at, row_number() over (partition by deleted order by updated_at desc) as n
        from drafts where user_id = ${userId}
      ) ranked
      where n > (case when deleted then ${DRAFT_TOMBSTONES_KEPT}::int else ${DRAFTS_KEPT}::int end)
        or (deleted and updated_at < now() - ${DRAFT_TOMBSTONE_KEPT_MS}::float8 * interval '1 millisecond'))`;
}

/**
 * Keeps a save of a draft unless the kept one has a higher or equal `seq` (saved later elsewhere)
 * and answers the draft as kept, or null when what is kept is its deletion. A save after a
 * deletion brings the draft back.
 */
export async function saveDraft(
  db: Db,
  userId: string,
  draft: { key: string; value: unknown; label: string; href: string; seq: number },
): Promise<Draft | null> {
  const [row] = await db<Array<DraftRow & { deleted: boolean }>>`
    insert into drafts (user_id, key, value, label, href, seq)
    values (${userId}, ${draft.key}, ${db.json(draft.value as never)}, ${draft.label}, ${draft.href}, ${draft.seq})
    on conflict (user_id, key) do update set
      value = excluded.value, label = excluded.label, href = excluded.href, seq = excluded.seq, deleted = false, updated_at = now()
    where drafts.seq < excluded.seq
    returning key, value, label, href, seq, updated_at, deleted`;
  await prune(db, userId);
  if (row) return present(row);
  // An older save than the kept one: nothing changed.
  const [kept] = await db<Array<DraftRow & { deleted: boolean }>>`
    select key, value, label, href, seq, updated_at, deleted from drafts where user_id = ${userId} and key = ${draft.key}`;
  if (!kept) throw new Error('a saved draft is missing');
  return kept.deleted ? null : present(kept);
}

/** Deletes a draft, keeping a tombstone at `seq`, unless it was saved again after `seq`. */
export async function deleteDraft(db: Db, userId: string, key: string, seq: number): Promise<void> {
  await db`
    insert into drafts (user_id, key, value, label, href, seq, deleted)
    values (${userId}, ${key}, 'null'::jsonb, '', '', ${seq}, true)
    on conflict (user_id, key) do update set
      value = excluded.value, label = excluded.label, href = excluded.href, seq = excluded.seq, deleted = true, updated_at = now()
    where drafts.seq <= excluded.seq`;
  await prune(db, userId);
}
