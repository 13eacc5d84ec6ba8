// The rows of `data_exports`: one archive of a member's data each, building until `ready_at`,
// downloadable until `expires_at`.
import { DATA_EXPORT_EVERY_MINUTES, DATA_EXPORT_KEPT_HOURS } from '@quorum/shared/constants';
import type { Db } from '../db/connect.ts';

/**
 * A build still not done this long after it was asked for has failed for good: the job queue gives
 * a job up well within it (nine tries of five minutes at most, with growing waits between them).
 */
export const BUILD_GIVE_UP_MINUTES = 120;

export interface ExportRow {
  id: string;
  userId: string;
  createdAt: Date;
  readyAt: Date | null;
  expiresAt: Date | null;
  sizeBytes: number | null;
  fileName: string;
}

const columns = (db: Db) => db`id, user_id, created_at, ready_at, expires_at, size_bytes, file_name`;

/**
 * A ready archive that a newer one of its member replaces: it stops counting as the newer one is
 * marked ready, before the job that built that one removes it.
 */
const replaced = (db: Db) => db`exists (
  select 1 from data_exports newer where newer.user_id = data_exports.user_id and newer.ready_at > data_exports.ready_at)`;

/** The archives that count: ready, not expired nor replaced, or being built and not given up. */
function isLive(db: Db) {
  return db`((expires_at > now() and not ${replaced(db)})
    or (ready_at is null and created_at > now() - make_interval(mins => ${BUILD_GIVE_UP_MINUTES})))`;
}

/** The member's archives that count, the newest first. */
export async function listLiveExports(db: Db, userId: string): Promise<ExportRow[]> {
  return db<ExportRow[]>`
    select ${columns(db)} from data_exports
    where user_id = ${userId} and ${isLive(db)}
    order by created_at desc, id desc`;
}

/** The member's archive being built, if one is. */
export async function getBuildingExport(db: Db, userId: string): Promise<ExportRow | undefined> {
  const [row] = await db<ExportRow[]>`
    select ${columns(db)} from data_exports
    where user_id = ${userId} and ready_at is null and ${isLive(db)}`;
  return row;
}

/** One of the member's archives, ready and not expired, with the member's name (the file's name holds it). */
export async function getReadyExport(db: Db, userId: string, id: string): Promise<(ExportRow & { username: string }) | undefined> {
  const [row] = await db<(ExportRow & { username: string })[]>`
    select data_exports.*, u.username from (
      select ${columns(db)} from data_exports
      where id = ${id} and user_id = ${userId} and ready_at is not null and ${isLive(db)}) data_exports
    join users u on u.id = data_exports.user_id`;
  return row;
}

/**
 * Seconds until the member may ask for another archive (DATA_EXPORT_EVERY_MINUTES after the last
 * one was asked for); 0 when they may now.
 */
export async function secondsUntilNextExport(db: Db, userId: string): Promise<number> {
  const [row] = await db<{ wait: number }[]>`
    select ceil(extract(epoch from created_at + make_interval(mins => ${DATA_EXPORT_EVERY_MINUTES}) - now()))::int as wait
    from data_exports where user_id = ${userId}
    order by created_at desc limit 1`;
  return Math.max(0, row?.wait ?? 0);
}

/**
 * Starts an archive to build, unless the member asked for one less than DATA_EXPORT_EVERY_MINUTES
 * ago or one of theirs is being built (then undefined). Asked twice at once, one insert waits for
 * the other and then finds its row.
 */
export async function insertExport(db: Db, userId: string, fileName: string): Promise<ExportRow | undefined> {
  const [row] = await db<ExportRow[]>`
    insert into data_exports (user_id, file_name)
    select ${userId}, ${fileName}
    where not exists (
      select 1 from data_exports
      where user_id = ${userId} and created_at > now() - make_interval(mins => ${DATA_EXPORT_EVERY_MINUTES}))
    on conflict (user_id) where ready_at is null do nothing
    returning ${columns(db)}`;
  return row;
}

/** An archive to build, with where its member's mail goes; undefined once built, or gone. */
export async function getExportToBuild(
  db: Db,
  id: string,
): Promise<(ExportRow & { username: string; email: string | null; accountGone: boolean }) | undefined> {
  const [row] = await db<(ExportRow & { username: string; email: string | null; accountGone: boolean })[]>`
    select e.id, e.user_id, e.created_at, e.ready_at, e.expires_at, e.size_bytes, e.file_name,
      u.username, u.email, (u.deleted_at is not null or u.banned_at is not null) as account_gone
    from data_exports e join users u on u.id = e.user_id
    where e.id = ${id} and e.ready_at is null`;
  return row;
}

/** Marks a built archive ready for DATA_EXPORT_KEPT_HOURS; undefined when its row went meanwhile. */
export async function markExportReady(db: Db, id: string, sizeBytes: number): Promise<ExportRow | undefined> {
  const [row] = await db<ExportRow[]>`
    update data_exports
    set ready_at = now(), expires_at = now() + make_interval(hours => ${DATA_EXPORT_KEPT_HOURS}), size_bytes = ${sizeBytes}
    where id = ${id} and ready_at is null
    returning ${columns(db)}`;
  return row;
}

/**
 * The archives to remove: expired, given up, of an account deleted or suspended, or (with
 * `replacedBy`) the member's ready archives made ready before a newly built one, never one made
 * ready after it. Only the member's own with `userId`, everybody's without.
 */
export async function listDeadExports(db: Db, options: { userId?: string; replacedBy?: ExportRow } = {}): Promise<Pick<ExportRow, 'id' | 'fileName'>[]> {
  const { userId, replacedBy } = options;
  return db<Pick<ExportRow, 'id' | 'fileName'>[]>`
    select e.id, e.file_name from data_exports e
    where ${userId === undefined ? db`true` : db`e.user_id = ${userId}`}
      and (e.expires_at <= now()
        or (e.ready_at is null and e.created_at <= now() - make_interval(mins => ${BUILD_GIVE_UP_MINUTES}))
        or exists (select 1 from users u where u.id = e.user_id and (u.deleted_at is not null or u.banned_at is not null))
        ${replacedBy
          ? db`or (e.user_id = ${replacedBy.userId}
                and e.ready_at < (select built.ready_at from data_exports built where built.id = ${replacedBy.id}))`
          : db``})`;
}

export async function deleteExports(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db`delete from data_exports where id = any(${ids}::uuid[])`;
}
