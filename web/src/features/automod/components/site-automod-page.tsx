import type { SiteAutoMod, WatchedWord } from '@quorum/shared/entities/automod';
import { siteAutoModBody } from '@quorum/shared/schemas/automod';
import { fieldErrors } from '@quorum/shared/validation';
import { useQuery } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import * as v from 'valibot';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { useLeaveConfirmation } from '../../../hooks/use-leave-confirmation.tsx';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { siteAutoModOptions } from '../api/get-site-automod.ts';
import { autoModSaveError } from '../api/save-error.ts';
import { useUpdateSiteAutoMod } from '../api/update-site-automod.ts';
import { listErrorOf, sameWords } from '../draft.ts';
import { AutoModSkeleton } from './automod-skeleton.tsx';
import { SaveBar } from './save-bar.tsx';
import { WatchedWordsEditor } from './watched-words-editor.tsx';

const LOST = 'Your changes to the watched words have not been saved and will be lost.';

function SiteAutoModForm({ saved }: { saved: SiteAutoMod }) {
  const alerts = useAlerts();
  const update = useUpdateSiteAutoMod();
  const [base, setBase] = useState(saved);
  const [words, setWords] = useState<WatchedWord[]>(saved.words);
  const [error, setError] = useState<string | null>(null);
  const changed = !sameWords(words, base.words);
  const { dialog: leaveDialog } = useLeaveConfirmation(changed, LOST);
  // A fresher copy from the server (another admin saved meanwhile) replaces the list, unless the
  // user has started changing it.
  if (saved !== base) {
    setBase(saved);
    if (!changed) setWords(saved.words);
  }

  const reset = (to: SiteAutoMod) => {
    setBase(to);
    setWords(to.words);
    setError(null);
  };

  const onSave = () => {
    const body = { words };
    const parsed = v.safeParse(siteAutoModBody, body);
    if (!parsed.success) {
      setError(listErrorOf(fieldErrors(siteAutoModBody, body)));
      return;
    }
    setError(null);
    update.mutate(parsed.output, {
      onSuccess: (result) => {
        reset(result);
        alerts.show('Watched words saved.');
      },
    });
  };

  return (
    <div className="automod">
      <p className="automod-intro">
        These words screen posts and comments in every community, along with each community's own list. Community moderators don't see this list.
      </p>
      <WatchedWordsEditor
        words={words}
        onChange={(next) => {
          setWords(next);
          setError(null);
        }}
        error={error}
        scope="site"
      />
      <SaveBar changed={changed} pending={update.isPending} error={autoModSaveError(update.error)} onSave={onSave} onDiscard={() => reset(base)} />
      {leaveDialog}
    </div>
  );
}

interface SiteAutoModPageProps {
  /**
   * The heading of an admin page (admin's AdminPageHeader), given by the route that composes the
   * two features, as a feature never imports another.
   */
  header: ComponentType<{ title: string }>;
}

/** /admin/automod: the site-wide watched words, for admins. */
export function SiteAutoModPage({ header: Header }: SiteAutoModPageProps) {
  const query = useQuery(siteAutoModOptions());
  return (
    <>
      <Header title="Watched words" />
      {query.data ? (
        <SiteAutoModForm saved={query.data} />
      ) : query.isError ? (
        <LoadFailed query={query} className="feed-status card" message="The watched words couldn't be loaded." />
      ) : (
        <AutoModSkeleton label="Loading watched words" />
      )}
    </>
  );
}
