// The watched-word lists (a community's, or the site's when the community is null), the
// communities' new-member limits, and the facts screening a post or comment reads.
import type { NewMemberLimits, WatchedWord } from '@quorum/shared/entities/automod';
import type { Db } from '../db/connect.ts';

export async function listWatchedWords(db: Db, communityId: string | null): Promise<WatchedWord[]> {
  return db<WatchedWord[]>`
    select pattern, action, replacement, rule, applies_to_mods from watched_words
    where ${communityId === null ? db`community_id is null` : db`community_id = ${communityId}`}
    order by position`;
}

/** Puts `words` in place of a list and marks it changed, so every server compiles it anew. */
export async function replaceWatchedWords(tx: Db, communityId: string | null, words: readonly WatchedWord[]): Promise<void> {
  await tx`delete from watched_words where ${communityId === null ? tx`community_id is null` : tx`community_id = ${communityId}`}`;
  if (words.length > 0) {
    await tx`
      insert into watched_words (community_id, position, pattern, action, replacement, rule, applies_to_mods)
      select ${communityId}::uuid, x.ord, x.word->>'pattern', x.word->>'action', x.word->>'replacement', x.word->>'rule',
        (x.word->>'appliesToMods')::boolean
      from jsonb_array_elements(${tx.json(words as never)}) with ordinality as x(word, ord)`;
  }
  if (communityId === null) await tx`update site_settings set automod_version = automod_version + 1 where id = 1`;
  else await tx`update communities set automod_version = automod_version + 1 where id = ${communityId}`;
}

export async function getNewMemberLimits(db: Db, communityId: string): Promise<NewMemberLimits> {
  const [row] = await db<NewMemberLimits[]>`
    select new_member_days as min_age_days, new_member_points as min_points, new_member_comments as comments
    from communities where id = ${communityId}`;
  return row ?? { minAgeDays: 0, minPoints: 0, comments: false };
}

export async function setNewMemberLimits(tx: Db, communityId: string, limits: NewMemberLimits): Promise<void> {
  await tx`
    update communities set new_member_days = ${limits.minAgeDays}, new_member_points = ${limits.minPoints},
      new_member_comments = ${limits.comments}
    where id = ${communityId}`;
}

/** What screening a post or comment reads besides the lists, in one statement. */
export interface ScreenFacts {
  communityVersion: number;
  siteVersion: number;
  newMemberDays: number;
  newMemberPoints: number;
  newMemberComments: boolean;
  authorCreatedAt: Date;
  authorPoints: number;
}

export async function getScreenFacts(db: Db, communityId: string, userId: string): Promise<ScreenFacts | undefined> {
  const [row] = await db<ScreenFacts[]>`
    select c.automod_version as community_version, s.automod_version as site_version,
      c.new_member_days, c.new_member_points, c.new_member_comments,
      u.created_at as author_created_at, u.points as author_points
    from communities c cross join site_settings s cross join users u
    where c.id = ${communityId} and s.id = 1 and u.id = ${userId}`;
  return row;
}
