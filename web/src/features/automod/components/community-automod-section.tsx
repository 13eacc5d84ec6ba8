import type { CommunityAutoMod, WatchedWord } from '@quorum/shared/entities/automod';
import type { Community } from '@quorum/shared/entities/communities';
import { communityAutoModBody } from '@quorum/shared/schemas/automod';
import { fieldErrors } from '@quorum/shared/validation';
import { useQuery } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import * as v from 'valibot';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { useLeaveConfirmation } from '../../../hooks/use-leave-confirmation.tsx';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { communityAutoModOptions } from '../api/get-community-automod.ts';
import { autoModSaveError } from '../api/save-error.ts';
import { useUpdateCommunityAutoMod } from '../api/update-community-automod.ts';
import { listErrorOf, newMemberDraftOf, newMemberLimitsOf, sameLimits, sameWords, type NewMemberDraft } from '../draft.ts';
import { AutoModSkeleton } from './automod-skeleton.tsx';
import { NewMemberLimits } from './new-member-limits.tsx';
import { SaveBar } from './save-bar.tsx';
import { WatchedWordsEditor } from './watched-words-editor.tsx';

const LOST = 'Your changes to the watched words and new-member limits have not been saved and will be lost.';

function CommunityAutoModForm({ community, saved }: { community: Community; saved: CommunityAutoMod }) {
  const alerts = useAlerts();
  const update = useUpdateCommunityAutoMod();
  const [base, setBase] = useState(saved);
  const [words, setWords] = useState<WatchedWord[]>(saved.words);
  const [limits, setLimits] = useState<NewMemberDraft>(() => newMemberDraftOf(saved.newMembers));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changed = !sameWords(words, base.words) || !sameLimits(limits, base.newMembers);
  const { dialog: leaveDialog } = useLeaveConfirmation(changed, LOST);
  // A fresher copy from the server (another moderator saved meanwhile) replaces the form's
  // values, unless the user has started changing them.
  if (saved !== base) {
    setBase(saved);
    if (!changed) {
      setWords(saved.words);
      setLimits(newMemberDraftOf(saved.newMembers));
    }
  }

  const reset = (to: CommunityAutoMod) => {
    setBase(to);
    setWords(to.words);
    setLimits(newMemberDraftOf(to.newMembers));
    setErrors({});
  };

  const onSave = () => {
    const body = { words, newMembers: newMemberLimitsOf(limits) };
    const parsed = v.safeParse(communityAutoModBody, body);
    if (!parsed.success) {
      setErrors(fieldErrors(communityAutoModBody, body));
      return;
    }
    setErrors({});
    update.mutate(
      { communityId: community.id, settings: parsed.output },
      {
        onSuccess: (result) => {
          reset(result);
          alerts.show('Watched words saved.');
        },
      },
    );
  };

  return (
    <div className="automod">
      <WatchedWordsEditor
        words={words}
        onChange={(next) => {
          setWords(next);
          setErrors({});
        }}
        error={listErrorOf(errors)}
        scope="community"
      />
      <NewMemberLimits
        value={limits}
        onChange={(next) => {
          setLimits(next);
          setErrors({});
        }}
        errors={{ minAgeDays: errors['newMembers.minAgeDays'], minPoints: errors['newMembers.minPoints'] }}
      />
      <SaveBar changed={changed} pending={update.isPending} error={autoModSaveError(update.error)} onSave={onSave} onDiscard={() => reset(base)} />
      {leaveDialog}
    </div>
  );
}

interface CommunityAutoModSectionProps {
  community: Community;
  /**
   * The frame of a mod tools page (modtools' ModtoolsPage), given by the route that composes the
   * two features, as a feature never imports another.
   */
  page: ComponentType<{ title: string; children: ReactNode }>;
}

/** /{community}/modtools/automod: the community's watched words and new-member limits, saved together. */
export function CommunityAutoModSection({ community, page: Page }: CommunityAutoModSectionProps) {
  const query = useQuery(communityAutoModOptions(community.id));
  return (
    <Page title="Watched words">
      {query.data ? (
        <CommunityAutoModForm community={community} saved={query.data} />
      ) : query.isError ? (
        <LoadFailed query={query} variant="compact" className="card automod-failed" message="The watched words couldn't be loaded." />
      ) : (
        <AutoModSkeleton label="Loading watched words" />
      )}
    </Page>
  );
}
