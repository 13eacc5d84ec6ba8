// Changes to communities that take more than one statement, each in one transaction.
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { isUuid } from '@quorum/shared/schemas/common';
import type { RuleRow } from '../content/community-present.ts';
import type { Sql, Tx } from '../db/connect.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { attachImages, markImageDeleted } from '../images/queries.ts';
import { groupIn, recordModAction, siteAdmin } from '../modlog/record.ts';
import { getSiteSettings } from '../site/settings.ts';
import { getContributorFacts } from '../users/queries.ts';
import { canModerateAnother, hasPointsToCreateCommunity } from './policy.ts';
import {
  countModeratedCommunities, deleteDefaultCommunity, getCommunityIdByName, insertCommunity, insertDefaultCommunity, lockCommunity, lockUser,
  setCommunityImage, updateCommunity,
} from './queries.ts';
import { deleteRule, getRule, insertRule, moveRule, renumberRules, updateRuleText } from './rule-queries.ts';

/**
 * Creates a community with `user` as its first mod and member. Refuses users without the site's
 * points (403 not_enough_points), users at the site's moderation limit (403 max_limit_reached)
 * and a name taken in any case (409 community_exists); admins are exempt from the first two.
 */
export async function createCommunity(
  sql: Sql,
  user: { id: string; isAdmin: boolean },
  input: { name: string; about: string | null },
): Promise<string> {
  const [settings, { points }] = await Promise.all([getSiteSettings(sql), getContributorFacts(sql, user.id)]);
  if (!hasPointsToCreateCommunity({ isAdmin: user.isAdmin, points }, settings)) {
    throw forbidden(Messages.notEnoughPointsToCreateCommunity(settings.communityCreateReqPoints), ErrorCode.notEnoughPoints);
  }
  return sql.begin(async (tx) => {
    if (!user.isAdmin) {
      // One user's creations take turns, so two at once cannot both pass the limit.
      await lockUser(tx, user.id);
      if (!canModerateAnother(user, await countModeratedCommunities(tx, user.id), settings)) {
        throw forbidden(Messages.maxCommunities, ErrorCode.maxLimitReached);
      }
    }
    const id = await insertCommunity(tx, { name: input.name, about: input.about, createdBy: user.id });
    if (!id) throw conflict(ErrorCode.communityExists, Messages.communityExists);
    return id;
  });
}

/** Who moderates: a community's mod or an admin. */
interface Moderator {
  id: string;
  isAdmin: boolean;
}

/** Records a moderator's action on a rule of the community. */
async function recordRuleAction(tx: Tx, kind: 'add_rule' | 'edit_rule' | 'remove_rule', communityId: string, actor: Moderator, rule: RuleRow) {
  await recordModAction(tx, {
    kind,
    communityId,
    actor: { id: actor.id, group: await groupIn(tx, communityId, actor) },
    target: { type: 'rule', id: rule.id },
    details: { rule: rule.rule },
  });
}

/** Adds a rule at the end of a community's rules; a 404 when there is no such community. */
export async function addRule(
  sql: Sql,
  communityId: string,
  actor: Moderator,
  input: { rule: string; description: string | null },
): Promise<void> {
  await sql.begin(async (tx) => {
    if (!(await lockCommunity(tx, communityId))) throw notFound(Messages.communityNotFound);
    const rule = await insertRule(tx, { communityId, rule: input.rule, description: input.description, createdBy: actor.id });
    await recordRuleAction(tx, 'add_rule', communityId, actor, rule);
  });
}

/**
 * Changes a rule's text and, when `zIndex` is given, moves it there; a 404 when the community has
 * no such rule. A change of the text is logged; a move alone is not.
 */
export async function editRule(
  sql: Sql,
  communityId: string,
  ruleId: string,
  actor: Moderator,
  input: { rule: string; description: string | null; zIndex?: number },
): Promise<RuleRow> {
  const rule = isUuid(ruleId)
    ? await sql.begin(async (tx) => {
        if (!(await lockCommunity(tx, communityId))) return undefined;
        const before = await getRule(tx, communityId, ruleId);
        const updated = await updateRuleText(tx, communityId, ruleId, input);
        if (before && updated && (before.rule !== updated.rule || before.description !== updated.description)) {
          await recordRuleAction(tx, 'edit_rule', communityId, actor, updated);
        }
        if (!updated || input.zIndex === undefined) return updated;
        await moveRule(tx, communityId, ruleId, input.zIndex);
        return getRule(tx, communityId, ruleId);
      })
    : undefined;
  if (!rule) throw notFound(Messages.ruleNotFound);
  return rule;
}

/** Deletes a rule and closes the gap it leaves; a 404 when the community has no such rule. */
export async function removeRule(sql: Sql, communityId: string, ruleId: string, actor: Moderator): Promise<void> {
  const deleted =
    isUuid(ruleId) &&
    (await sql.begin(async (tx) => {
      if (!(await lockCommunity(tx, communityId))) return false;
      const rule = await getRule(tx, communityId, ruleId);
      if (!rule || !(await deleteRule(tx, communityId, ruleId))) return false;
      await renumberRules(tx, communityId);
      await recordRuleAction(tx, 'remove_rule', communityId, actor, rule);
      return true;
    }));
  if (!deleted) throw notFound(Messages.ruleNotFound);
}

/** Records that a moderator changed the community's settings named in `changes`. */
async function recordCommunityEdit(tx: Tx, communityId: string, actor: Moderator, changes: string[]) {
  await recordModAction(tx, {
    kind: 'edit_community',
    communityId,
    actor: { id: actor.id, group: await groupIn(tx, communityId, actor) },
    target: { type: 'community', id: communityId },
    details: { changes },
  });
}

/** Changes a community's description or who may post there; the settings left out keep their values. */
export async function editCommunity(
  sql: Sql,
  communityId: string,
  actor: Moderator,
  changes: { about?: string | null; postingRestricted?: boolean },
): Promise<void> {
  const changed = (['about', 'postingRestricted'] as const).filter((key) => changes[key] !== undefined);
  await sql.begin(async (tx) => {
    await updateCommunity(tx, communityId, changes);
    if (changed.length > 0) await recordCommunityEdit(tx, communityId, actor, [...changed]);
  });
}

/**
 * Puts an image in a community's icon or banner slot, or empties the slot (`image` null); the
 * image it replaces is deleted. The new image is a fresh upload of the actor.
 */
export async function replaceCommunityImage(
  sql: Sql,
  communityId: string,
  which: 'proPic' | 'bannerImage',
  actor: Moderator,
  image: { id: string } | null,
): Promise<void> {
  await sql.begin(async (tx) => {
    if (image) await attachImages(tx, [image.id], actor.id);
    const previous = await setCommunityImage(tx, communityId, which, image?.id ?? null);
    if (previous) await markImageDeleted(tx, previous);
    await recordCommunityEdit(tx, communityId, actor, [which === 'proPic' ? 'icon' : 'banner']);
  });
}

/** Makes the community named `name` one of the site's defaults, or no longer one, as an admin; a change is logged. */
export async function setDefaultCommunity(sql: Sql, admin: { id: string }, name: string, isDefault: boolean): Promise<void> {
  const communityId = await getCommunityIdByName(sql, name);
  if (!communityId) throw notFound(Messages.communityNotFound);
  await sql.begin(async (tx) => {
    const changed = isDefault ? await insertDefaultCommunity(tx, communityId) : await deleteDefaultCommunity(tx, communityId);
    if (!changed) return;
    await recordModAction(tx, {
      kind: isDefault ? 'add_default_community' : 'remove_default_community',
      ...siteAdmin(admin),
      target: { type: 'community', id: communityId },
      details: { communityName: name },
    });
  });
}
