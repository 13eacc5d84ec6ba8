import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { TimeAgo } from '../../components/ui/time-ago.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import type { Draft } from '../../lib/drafts/drafts-db.ts';
import { dropSyncedDraft, listSyncedDrafts } from '../../lib/drafts/synced.ts';
import { useSessionUser } from '../../lib/session/get-initial.ts';
import './drafts.css';

/** The start of what a draft holds: a comment's words, or a new post's title and body. */
function excerptOf(draft: Draft): string {
  const value = draft.value;
  const text = typeof value === 'string' ? value : [(value as { title?: string }).title, (value as { body?: string }).body].filter(Boolean).join(' — ');
  return text.replace(/\s+/g, ' ').trim();
}

/** /drafts: what the member started writing on this device and has not sent, the latest first. */
export function DraftsRoute() {
  const user = useSessionUser();
  useDocumentTitle('Drafts');
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  const userId = user?.id ?? null;

  const load = useCallback(() => {
    if (!userId) return;
    listSyncedDrafts(userId)
      .then(setDrafts)
      .catch(() => setDrafts([]));
  }, [userId]);
  useEffect(load, [load]);

  const remove = (draft: Draft) => {
    dropSyncedDraft(draft.userId, draft.key).finally(load);
  };

  return (
    <div className="drafts">
      <h1 className="page-title">Drafts</h1>
      <p className="drafts__intro muted">
        What you start writing — a post, a comment or a reply — is kept as you type, on this device and your others, until you send it or throw it away.
      </p>
      {drafts === null ? null : drafts.length === 0 ? (
        <p className="card drafts__empty">No drafts.</p>
      ) : (
        <ul className="drafts__list" aria-label="Drafts">
          {drafts.map((draft) => (
            <li key={draft.key} className="card drafts__item">
              <p className="drafts__label">{draft.label}</p>
              <p className="drafts__excerpt">{excerptOf(draft)}</p>
              <div className="drafts__bar">
                <span className="muted">
                  Saved <TimeAgo date={new Date(draft.updatedAt).toISOString()} />
                </span>
                <span className="drafts__buttons">
                  <button type="button" className="button button--ghost button--small" onClick={() => remove(draft)} aria-label={`Delete draft: ${draft.label}`}>
                    Delete
                  </button>
                  <Link className="button button--primary button--small" to={draft.href} aria-label={`Continue: ${draft.label}`}>
                    Continue
                  </Link>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
