import { COMMUNITY_ABOUT_MAX } from '@quorum/shared/constants';
import type { Community } from '@quorum/shared/entities/communities';
import { useState, type FormEvent, type ReactNode } from 'react';
import { SwitchField } from '../../../components/ui/switch.tsx';
import { CountedTextArea } from '../../../components/ui/text-field.tsx';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { useUpdateCommunity } from '../api/update-community.ts';
import { ModtoolsPage } from './modtools-layout.tsx';

interface SettingsValues {
  about: string;
  postingRestricted: boolean;
}

function valuesOf(community: Community): SettingsValues {
  return { about: community.about ?? '', postingRestricted: community.postingRestricted };
}

interface CommunitySettingsProps {
  community: Community;
  /** The icon and banner controls (they save on their own). */
  images: ReactNode;
}

/** The community's icon and banner, its description and whether only mods may post. */
export function CommunitySettings({ community, images }: CommunitySettingsProps) {
  const alerts = useAlerts();
  const update = useUpdateCommunity();
  const [values, setValues] = useState(() => valuesOf(community));
  const saved = valuesOf(community);
  const changed = values.about !== saved.about || values.postingRestricted !== saved.postingRestricted;
  // A fresher copy of the community (the saved one first, then the server's) replaces the
  // values, unless the user has started changing them.
  const [shown, setShown] = useState(community);
  if (community !== shown) {
    setShown(community);
    const before = valuesOf(shown);
    if (values.about === before.about && values.postingRestricted === before.postingRestricted) setValues(saved);
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const about = values.about.trim();
    update.mutate(
      { community, changes: { about: about === '' ? null : about, postingRestricted: values.postingRestricted } },
      {
        onSuccess: (updated) => {
          setShown(updated);
          setValues(valuesOf(updated));
          alerts.show('Settings saved.');
        },
      },
    );
  };

  return (
    <ModtoolsPage title="Community settings">
      <div className="card">{images}</div>
      <form className="card modtools-page__form" onSubmit={onSubmit} aria-label="Community settings">
        <CountedTextArea
          label="Description"
          value={values.about}
          onChange={(about) => setValues((current) => ({ ...current, about }))}
          maxLength={COMMUNITY_ABOUT_MAX}
          rows={6}
        />
        <SwitchField
          label="Restrict posting"
          description="Only moderators and admins can create posts."
          checked={values.postingRestricted}
          onChange={(postingRestricted) => setValues((current) => ({ ...current, postingRestricted }))}
        />
        <div className="modtools-page__actions">
          <button type="submit" className="button button--primary" disabled={!changed || update.isPending}>
            {update.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </ModtoolsPage>
  );
}
