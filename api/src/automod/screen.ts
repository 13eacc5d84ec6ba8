// Screening a post or comment with the community's and the site's watched words and the
// community's new-member limits, on create and on edit. A block refuses it (the refusal is
// logged); a hold keeps it for approval; a report files one for the community's moderators.
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { compileWatchedWords, screenText, type CompiledWatchedWords, type ScreenedText } from '@quorum/shared/watched-words';
import type { Db, Sql, Tx } from '../db/connect.ts';
import { forbidden } from '../http/errors.ts';
import { recordModAction, userEntry, type ModActionDetails } from '../modlog/record.ts';
import { insertReport } from '../reports/queries.ts';
import { getScreenFacts, listWatchedWords, type ScreenFacts } from './queries.ts';

/** The report reason an automatic report is filed under: "Breaks community rules". */
const AUTO_REPORT_REASON_ID = 1;
const DAY_MS = 24 * 60 * 60 * 1000;

// Compiled lists per database, kept while the list's version is unchanged (version 0: never set, empty).
const compiledLists = new WeakMap<Db, Map<string, { version: number; list: CompiledWatchedWords }>>();
const EMPTY = compileWatchedWords([]);

async function compiledList(db: Db, communityId: string | null, version: number): Promise<CompiledWatchedWords> {
  if (version === 0) return EMPTY;
  let lists = compiledLists.get(db);
  if (!lists) compiledLists.set(db, (lists = new Map()));
  const key = communityId ?? 'site';
  const kept = lists.get(key);
  if (kept?.version === version) return kept.list;
  const list = compileWatchedWords(await listWatchedWords(db, communityId));
  lists.set(key, { version, list });
  return list;
}

export interface ScreenInput {
  communityId: string;
  author: { id: string; username: string };
  /** The author moderates the community or is an admin: rules that spare moderators skip them, and new-member limits do not apply. */
  exempt: boolean;
  kind: 'post' | 'comment';
  text: ScreenedText;
  /** New-member limits and holds apply on creation; an edit that a hold rule matches is reported instead. */
  creating: boolean;
}

export interface Screening {
  /** The title and body after replace rules. */
  title: string | null;
  body: string | null;
  /** Why it waits for approval; null to publish it. */
  heldReason: string | null;
  /** The rule that reports it; null for none. */
  reportRule: string | null;
}

function isNewMember(facts: ScreenFacts, kind: 'post' | 'comment', now: number): boolean {
  if (kind === 'comment' && !facts.newMemberComments) return false;
  const young = facts.newMemberDays > 0 && now - facts.authorCreatedAt.getTime() < facts.newMemberDays * DAY_MS;
  const fewPoints = facts.newMemberPoints > 0 && facts.authorPoints < facts.newMemberPoints;
  return young || fewPoints;
}

/** Screens a post or comment before it is written; throws the 403 of a block rule. */
export async function screenContent(sql: Sql, input: ScreenInput): Promise<Screening> {
  const facts = await getScreenFacts(sql, input.communityId, input.author.id);
  if (!facts) throw new Error('screening found no community or author');
  const lists = await Promise.all([compiledList(sql, input.communityId, facts.communityVersion), compiledList(sql, null, facts.siteVersion)]);
  const verdict = screenText(lists, input.text, input.exempt);
  if (verdict.block) {
    const rule = verdict.block.rule;
    await sql.begin((tx) =>
      recordModAction(tx, {
        kind: 'block_content',
        communityId: input.communityId,
        actor: { id: null, group: 'automatic' },
        ...userEntry(input.author),
        details: { username: input.author.username, contentType: input.kind },
        reason: rule,
      }),
    );
    throw forbidden(Messages.blockedByRule(rule), ErrorCode.blockedByRule);
  }
  const newMember = input.creating && !input.exempt && isNewMember(facts, input.kind, Date.now());
  return {
    title: verdict.title,
    body: verdict.body,
    heldReason: input.creating ? (verdict.hold?.rule ?? (newMember ? Messages.newMemberRule : null)) : null,
    reportRule: verdict.report?.rule ?? (input.creating ? null : (verdict.hold?.rule ?? null)),
  };
}

/** What was screened, once written: where it is, who wrote it and what the log keeps of it. */
export interface ScreenedItem {
  communityId: string;
  postId: string;
  commentId: string | null;
  userId: string;
  details: ModActionDetails;
}

/** Logs a hold and files the automatic report of a screening, in the transaction that wrote the item. */
export async function recordScreening(tx: Tx, screening: Screening, item: ScreenedItem): Promise<void> {
  const target = item.commentId ? ({ type: 'comment', id: item.commentId } as const) : ({ type: 'post', id: item.postId } as const);
  const entry = {
    communityId: item.communityId,
    actor: { id: null, group: 'automatic' },
    target,
    targetUserId: item.userId,
    postId: item.postId,
    commentId: item.commentId,
    details: item.details,
  } as const;
  if (screening.heldReason) {
    await recordModAction(tx, { ...entry, kind: item.commentId ? 'hold_comment' : 'hold_post', reason: screening.heldReason });
  }
  if (screening.reportRule) {
    await insertReport(tx, {
      type: target.type,
      target: { postId: item.postId, commentId: item.commentId, communityId: item.communityId, userId: item.userId, deleted: false },
      reasonId: AUTO_REPORT_REASON_ID,
      description: screening.reportRule,
      createdBy: null,
    });
    await recordModAction(tx, { ...entry, kind: 'auto_report', reason: screening.reportRule });
  }
}
