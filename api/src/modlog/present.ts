import type { ModAction } from '@quorum/shared/entities/modlog';
import type { ModActionRow } from './queries.ts';

/** Who reads a log, as far as it changes what an entry shows. */
export interface ModLogViewer {
  isAdmin: boolean;
  /** An admin, or a mod of the community whose log it is. */
  privileged: boolean;
  /** The site shows moderators' names to every reader. */
  namesShown: boolean;
}

function postUrl(row: ModActionRow): string | null {
  if (!row.postPublicId || !row.postCommunityName) return null;
  return `/${encodeURIComponent(row.postCommunityName)}/post/${encodeURIComponent(row.postPublicId)}`;
}

function commentUrl(row: ModActionRow, commentId: string): string | null {
  const post = postUrl(row);
  return post && `${post}/${encodeURIComponent(commentId)}`;
}

/** How the target is named and where it is, to this viewer: never removed content to others than mods and admins. */
function presentTarget(row: ModActionRow, viewer: ModLogViewer): ModAction['target'] {
  const { details } = row;
  const postGone = row.postRemoved || row.postPublicId === null;
  const base = { type: row.targetType, id: row.targetId };
  switch (row.targetType) {
    case 'post':
      return { ...base, label: postGone && !viewer.privileged ? null : (details.title ?? null), url: postUrl(row) };
    case 'comment':
      return { ...base, label: row.commentRemoved && !viewer.privileged ? null : (details.excerpt ?? null), url: commentUrl(row, row.targetId) };
    case 'report': {
      const hidden = (postGone || row.commentRemoved) && !viewer.privileged;
      return { ...base, label: hidden ? null : (details.title ?? null), url: row.commentId ? commentUrl(row, row.commentId) : postUrl(row) };
    }
    case 'user':
      return { ...base, label: row.targetUsername, url: row.targetUsername ? `/@${encodeURIComponent(row.targetUsername)}` : null };
    case 'rule':
      return { ...base, label: details.rule ?? null, url: null };
    case 'community': {
      const name = row.communityName ?? details.communityName ?? null;
      return { ...base, label: name, url: name ? `/${encodeURIComponent(name)}` : null };
    }
    case 'community_request':
      return { ...base, label: details.communityName ?? null, url: null };
    case 'ip_block':
      return { ...base, label: viewer.isAdmin ? (details.address ?? null) : null, url: null };
    case 'automod':
      return { ...base, label: row.communityName, url: null };
  }
}

export function presentModAction(row: ModActionRow, viewer: ModLogViewer): ModAction {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    kind: row.kind,
    actorGroup: row.actorGroup,
    actor: viewer.namesShown || viewer.privileged ? row.actorName : null,
    community: row.communityId && row.communityName ? { id: row.communityId, name: row.communityName } : null,
    target: presentTarget(row, viewer),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    reason: row.reason,
  };
}
