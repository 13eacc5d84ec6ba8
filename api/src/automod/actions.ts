// Reading and changing a community's watched words and new-member limits (its mods and admins)
// and the site's watched words (admins). Every change is logged with the list's new length.
import type * as v from 'valibot';
import type { CommunityAutoMod, SiteAutoMod } from '@quorum/shared/entities/automod';
import type { communityAutoModBody, siteAutoModBody } from '@quorum/shared/schemas/automod';
import { assertCanModerate } from '../content/community-load.ts';
import type { Actor } from '../content/policy.ts';
import type { Db, Sql } from '../db/connect.ts';
import { groupIn, recordModAction, siteAdmin } from '../modlog/record.ts';
import { getNewMemberLimits, listWatchedWords, replaceWatchedWords, setNewMemberLimits } from './queries.ts';

export async function readCommunityAutoMod(db: Db, user: Actor, communityId: string): Promise<CommunityAutoMod> {
  await assertCanModerate(db, user, communityId);
  const [words, newMembers] = await Promise.all([listWatchedWords(db, communityId), getNewMemberLimits(db, communityId)]);
  return { words, newMembers };
}

/** Saves a community's lists, for a user the caller checked may moderate it (assertCanModerate). */
export async function saveCommunityAutoMod(
  sql: Sql,
  user: Actor,
  communityId: string,
  input: v.InferOutput<typeof communityAutoModBody>,
): Promise<CommunityAutoMod> {
  const group = await groupIn(sql, communityId, user);
  await sql.begin(async (tx) => {
    await replaceWatchedWords(tx, communityId, input.words);
    await setNewMemberLimits(tx, communityId, input.newMembers);
    await recordModAction(tx, {
      kind: 'edit_automod',
      communityId,
      actor: { id: user.id, group },
      target: { type: 'automod', id: communityId },
      details: { words: input.words.length },
    });
  });
  return readCommunityAutoMod(sql, user, communityId);
}

export async function readSiteAutoMod(db: Db): Promise<SiteAutoMod> {
  return { words: await listWatchedWords(db, null) };
}

/** The site's list has no row of its own: its log entries name the nil id. */
const SITE_LIST_ID = '00000000-0000-0000-0000-000000000000';

export async function saveSiteAutoMod(sql: Sql, admin: Actor, input: v.InferOutput<typeof siteAutoModBody>): Promise<SiteAutoMod> {
  await sql.begin(async (tx) => {
    await replaceWatchedWords(tx, null, input.words);
    await recordModAction(tx, {
      kind: 'edit_automod',
      ...siteAdmin(admin),
      target: { type: 'automod', id: SITE_LIST_ID },
      details: { words: input.words.length },
    });
  });
  return readSiteAutoMod(sql);
}
