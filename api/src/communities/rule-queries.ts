import type { RuleRow } from '../content/community-present.ts';
import type { Db } from '../db/connect.ts';

/** A community's rules in their order. */
export async function listRules(db: Db, communityId: string): Promise<RuleRow[]> {
  return db<RuleRow[]>`
    select id, rule, description, z_index from community_rules
    where community_id = ${communityId} order by z_index, id`;
}

export async function getRule(db: Db, communityId: string, ruleId: string): Promise<RuleRow | undefined> {
  const [row] = await db<RuleRow[]>`
    select id, rule, description, z_index from community_rules where id = ${ruleId} and community_id = ${communityId}`;
  return row;
}

/** Adds a rule after the community's last one. */
export async function insertRule(
  db: Db,
  rule: { communityId: string; rule: string; description: string | null; createdBy: string },
): Promise<RuleRow> {
  const [row] = await db<RuleRow[]>`
    insert into community_rules (community_id, rule, description, z_index, created_by)
    select ${rule.communityId}, ${rule.rule}, ${rule.description}, coalesce(max(z_index) + 1, 0), ${rule.createdBy}
    from community_rules where community_id = ${rule.communityId}
    returning id, rule, description, z_index`;
  if (!row) throw new Error('insert into community_rules returned no row');
  return row;
}

/** Changes a rule's text; undefined when the community has no such rule. */
export async function updateRuleText(
  db: Db,
  communityId: string,
  ruleId: string,
  text: { rule: string; description: string | null },
): Promise<RuleRow | undefined> {
  const [row] = await db<RuleRow[]>`
    update community_rules set rule = ${text.rule}, description = ${text.description}
    where id = ${ruleId} and community_id = ${communityId}
    returning id, rule, description, z_index`;
  return row;
}

/**
 * Puts a rule at `zIndex` (at most the last place) and numbers the others around it, so that the
 * community's rules are numbered 0..n-1 without gaps.
 */
export async function moveRule(db: Db, communityId: string, ruleId: string, zIndex: number): Promise<void> {
  await db`
    with others as (
      select id, (row_number() over (order by z_index, id) - 1)::int as pos
      from community_rules where community_id = ${communityId} and id <> ${ruleId}
    ), target as (
      select least(${zIndex}::int, (select count(*) from others)::int) as pos
    ), placed as (
      select o.id, case when o.pos >= t.pos then o.pos + 1 else o.pos end as z from others o, target t
      union all
      select ${ruleId}::uuid, t.pos from target t
    )
    update community_rules r set z_index = p.z
    from placed p
    where r.id = p.id and r.community_id = ${communityId} and r.z_index <> p.z`;
}

/** Deletes a rule; false when the community has no such rule. */
export async function deleteRule(db: Db, communityId: string, ruleId: string): Promise<boolean> {
  const rows = await db`delete from community_rules where id = ${ruleId} and community_id = ${communityId} returning id`;
  return rows.length > 0;
}

/** Numbers a community's rules 0..n-1 in their current order. */
export async function renumberRules(db: Db, communityId: string): Promise<void> {
  await db`
    update community_rules r set z_index = o.pos
    from (
      select id, (row_number() over (order by z_index, id) - 1)::int as pos
      from community_rules where community_id = ${communityId}
    ) o
    where r.id = o.id and r.z_index <> o.pos`;
}
