import { ABOUT_ME_MAX } from '@quorum/shared/constants';
import { updateProfileBody } from '@quorum/shared/schemas/users';
import type { HomeFeed, User } from '@quorum/shared/entities/users';
import { fieldErrors } from '@quorum/shared/validation';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { SelectField, SwitchField } from '../../../components/ui/switch.tsx';
import { CountedTextArea, TextField } from '../../../components/ui/text-field.tsx';
import { useLeaveConfirmation } from '../../../hooks/use-leave-confirmation.tsx';
import { useRecentCheck } from '../../../components/confirm-identity/use-recent-check.ts';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { isReauthRequired } from '../../../lib/session/recent-check.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { EmailStatus } from './email-status.tsx';

interface ProfileValues {
  email: string;
  aboutMe: string;
  homeFeed: HomeFeed;
  rememberFeedSort: boolean;
  embedsOff: boolean;
  hideUserProfilePictures: boolean;
  requireAltText: boolean;
  upvoteNotificationsOff: boolean;
  replyNotificationsOff: boolean;
  moderationNotificationsOff: boolean;
  announcementNotificationsOff: boolean;
}

type NotificationSwitch = 'upvoteNotificationsOff' | 'replyNotificationsOff' | 'moderationNotificationsOff' | 'announcementNotificationsOff';

function valuesOf(user: User): ProfileValues {
  return {
    email: user.email ?? '',
    aboutMe: user.aboutMe ?? '',
    homeFeed: user.homeFeed ?? 'all',
    rememberFeedSort: user.rememberFeedSort ?? false,
    embedsOff: user.embedsOff ?? false,
    hideUserProfilePictures: user.hideUserProfilePictures ?? false,
    requireAltText: user.requireAltText ?? false,
    upvoteNotificationsOff: user.upvoteNotificationsOff ?? false,
    replyNotificationsOff: user.replyNotificationsOff ?? false,
    moderationNotificationsOff: user.moderationNotificationsOff ?? false,
    announcementNotificationsOff: user.announcementNotificationsOff ?? false,
  };
}

/** The kinds of notification a member may turn off, each stored as its `…Off` field. */
const NOTIFICATION_SWITCHES: ReadonlyArray<{ field: NotificationSwitch; label: string; description: string }> = [
  { field: 'upvoteNotificationsOff', label: 'Upvote notifications', description: 'Tell me when my posts and comments get upvotes.' },
  { field: 'replyNotificationsOff', label: 'Reply notifications', description: 'Tell me about comments on my posts and replies to my comments.' },
  {
    field: 'moderationNotificationsOff',
    label: 'Moderation notifications',
    description: 'Tell me when moderators remove, lock or approve my posts and comments.',
  },
  { field: 'announcementNotificationsOff', label: 'Announcements', description: "Tell me about posts the site's admins announce to everyone." },
];

const HOME_FEED_OPTIONS: ReadonlyArray<{ value: HomeFeed; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'subscriptions', label: 'Subscriptions' },
];

interface ProfileSettingsFormProps {
  user: User;
  /** The profile picture control, shown at the top of the account card. */
  picture: ReactNode;
}

/**
 * The account, preferences and notifications of the logged-in user, saved together with one
 * Save button; leaving with unsaved changes asks first. The username cannot be changed.
 */
export function ProfileSettingsForm({ user, picture }: ProfileSettingsFormProps) {
  const alerts = useAlerts();
  const update = useUpdateProfile();
  const runChecked = useRecentCheck();
  const [saved, setSaved] = useState(() => valuesOf(user));
  const [values, setValues] = useState(saved);
  const [submitted, setSubmitted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const errors = fieldErrors(updateProfileBody, values);
  const emailError = submitted ? (errors.email ?? null) : null;
  const changed = (Object.keys(values) as Array<keyof ProfileValues>).some((key) => values[key] !== saved[key]);
  const { dialog: leaveDialog } = useLeaveConfirmation(changed, 'Your changes to these settings have not been saved and will be lost.');
  // A fresher copy of the user (the saved copy shown first, then the server's) replaces the
  // values, unless the user has started changing them.
  const [shownUser, setShownUser] = useState(user);
  if (user !== shownUser) {
    setShownUser(user);
    if (!changed) {
      const next = valuesOf(user);
      setSaved(next);
      setValues(next);
    }
  }

  const set = <K extends keyof ProfileValues>(key: K, value: ProfileValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.email) {
      emailRef.current?.focus();
      return;
    }
    runChecked(() => update.mutateAsync(values)).then(
      (updated) => {
        const next = valuesOf(updated);
        setSaved(next);
        setValues(next);
        setSubmitted(false);
        alerts.show(updated.email && next.email !== saved.email ? 'Settings saved. Follow the link we sent to confirm your new email address.' : 'Settings saved.');
      },
      (error: unknown) => {
        if (isReauthRequired(error)) alerts.show('Your settings were not saved: a new email address needs your password.');
      },
    );
  };

  return (
    <form className="settings__form" onSubmit={onSubmit} noValidate aria-label="Profile and preferences">
      <section className="card settings-section" aria-labelledby="settings-account">
        <h2 id="settings-account" className="settings-section__title">
          Account
        </h2>
        <div className="settings-section__body">
          {picture}
          <div className="details">
            <div className="details__row">
              <span className="details__term">Username</span>
              <span className="details__value">@{user.username}</span>
            </div>
          </div>
          <TextField
            ref={emailRef}
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            onChange={(event) => set('email', event.target.value)}
            error={emailError}
            hint="Optional. Without an email, the account cannot be recovered if you forget your password."
          />
          {user.email && values.email === saved.email && <EmailStatus confirmed={user.emailConfirmed === true} />}
          <CountedTextArea label="About me" value={values.aboutMe} onChange={(value) => set('aboutMe', value)} maxLength={ABOUT_ME_MAX} rows={4} />
        </div>
      </section>

      <section className="card settings-section" aria-labelledby="settings-preferences">
        <h2 id="settings-preferences" className="settings-section__title">
          Preferences
        </h2>
        <SelectField
          label="Home feed"
          description="What the home page shows: every community, or only the ones you joined."
          value={values.homeFeed}
          options={HOME_FEED_OPTIONS}
          onChange={(homeFeed) => set('homeFeed', homeFeed)}
        />
        <SwitchField
          label="Remember feed sort"
          description="Keep the last sort you chose for the home feed."
          checked={values.rememberFeedSort}
          onChange={(checked) => set('rememberFeedSort', checked)}
        />
        <SwitchField
          label="Show embeds"
          description="Play YouTube videos inside posts."
          checked={!values.embedsOff}
          onChange={(checked) => set('embedsOff', !checked)}
        />
        <SwitchField
          label="Show profile pictures"
          description="Show people's pictures beside their names."
          checked={!values.hideUserProfilePictures}
          onChange={(checked) => set('hideUserProfilePictures', !checked)}
        />
        <SwitchField
          label="Require alt text"
          description="Ask for a description of every image before a post can be submitted."
          checked={values.requireAltText}
          onChange={(checked) => set('requireAltText', checked)}
        />
      </section>

      <section className="card settings-section" aria-labelledby="settings-notifications">
        <h2 id="settings-notifications" className="settings-section__title">
          Notifications
        </h2>
        {NOTIFICATION_SWITCHES.map(({ field, label, description }) => (
          <SwitchField key={field} label={label} description={description} checked={!values[field]} onChange={(checked) => set(field, !checked)} />
        ))}
      </section>

      <div className="settings__save" data-dirty={changed || undefined}>
        <p className="settings__save-note" role="status">
          {changed ? 'You have unsaved changes.' : 'All changes saved.'}
        </p>
        <button type="submit" className="button button--primary" disabled={!changed || update.isPending} aria-busy={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
      {leaveDialog}
    </form>
  );
}
