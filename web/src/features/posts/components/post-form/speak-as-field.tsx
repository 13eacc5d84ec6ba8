import type { UserGroup } from '@quorum/shared/entities/users';

interface SpeakAsFieldProps {
  communityName: string | undefined;
  canSpeakAsMod: boolean;
  canSpeakAsAdmin: boolean;
  value: UserGroup;
  onChange: (group: UserGroup) => void;
}

/** Whether a new post is signed by its author, the community's moderators or the admins. */
export function SpeakAsField({ communityName, canSpeakAsMod, canSpeakAsAdmin, value, onChange }: SpeakAsFieldProps) {
  const option = (group: 'mods' | 'admins', label: string) => (
    <label className="post-form__check">
      <input type="checkbox" checked={value === group} onChange={(event) => onChange(event.target.checked ? group : 'normal')} />
      <span>{label}</span>
    </label>
  );
  return (
    <fieldset className="post-form__speak">
      <legend className="field__label">Speaking as</legend>
      <div className="post-form__speak-options">
        {canSpeakAsMod && option('mods', `Moderator of ${communityName}`)}
        {canSpeakAsAdmin && option('admins', 'Admin')}
      </div>
      <p className="field__hint">
        {value === 'normal' ? 'Your post is signed with your username only.' : `Your post is marked as written by the ${value === 'mods' ? 'moderators' : 'admins'}.`}
      </p>
    </fieldset>
  );
}
