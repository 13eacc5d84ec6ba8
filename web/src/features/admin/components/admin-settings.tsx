import { siteSettingsBody } from '@quorum/shared/schemas/admin';
import type { SiteSettings } from '@quorum/shared/entities/site';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { SkeletonLines } from '../../../components/ui/skeleton.tsx';
import { SwitchField } from '../../../components/ui/switch.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { siteSettingsOptions } from '../api/get-site-settings.ts';
import { useUpdateSiteSettings } from '../api/update-site-settings.ts';
import { AdminPageHeader } from './admin-layout.tsx';

function ContactEmailForm({ settings }: { settings: SiteSettings }) {
  const alerts = useAlerts();
  const update = useUpdateSiteSettings();
  const [email, setEmail] = useState(settings.contactEmail);
  const [error, setError] = useState<string | null>(null);
  const changed = email.trim() !== settings.contactEmail;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = v.safeParse(siteSettingsBody, { contactEmail: email });
    if (!parsed.success) {
      setError(parsed.issues[0].message);
      return;
    }
    setError(null);
    update.mutate(parsed.output, {
      onSuccess: (saved) => {
        setEmail(saved.contactEmail);
        alerts.show('Settings saved.');
      },
    });
  };

  return (
    <form className="form admin-settings__contact" onSubmit={onSubmit} noValidate>
      <TextField
        label="Contact email"
        type="email"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(null);
        }}
        error={error}
        hint="Where the Contact links write to. Leave it empty to hide them."
        autoComplete="off"
        spellCheck={false}
      />
      <div className="admin-row__actions">
        <button type="submit" className="button button--primary" disabled={!changed || update.isPending} aria-busy={update.isPending}>
          Save
        </button>
      </div>
    </form>
  );
}

interface SiteSettingSwitchProps {
  label: string;
  description: string;
  value: boolean;
  /** The change of the site settings that turning it `on` (or off) makes. */
  patch: (on: boolean) => Partial<SiteSettings>;
  /** What the toast says once it is done. */
  done: (on: boolean) => string;
}

/** A switch of the site settings: it moves at once, and holds its place until the server has answered. */
function SiteSettingSwitch({ label, description, value, patch, done }: SiteSettingSwitchProps) {
  const alerts = useAlerts();
  const update = useUpdateSiteSettings();
  const [switching, setSwitching] = useState<boolean | null>(null);
  return (
    <SwitchField
      label={label}
      description={description}
      checked={switching ?? value}
      onChange={(on) => {
        setSwitching(on);
        update.mutate(patch(on), { onSuccess: () => alerts.show(done(on)), onSettled: () => setSwitching(null) });
      }}
    />
  );
}

function SettingsCard({ settings }: { settings: SiteSettings }) {
  return (
    <section className="card admin-settings" aria-label="Site settings">
      <SiteSettingSwitch
        label="Sign-ups"
        description="When off, nobody can create an account and the sign-up form says so."
        value={!settings.signupsDisabled}
        patch={(on) => ({ signupsDisabled: !on })}
        done={(on) => (on ? 'Sign-ups are on.' : 'Sign-ups are off.')}
      />
      <SiteSettingSwitch
        label="Show moderators' names in moderation logs"
        description="When off, only a community's moderators and the admins see who acted; everyone else reads 'a moderator' or 'an admin'."
        value={settings.modLogNames}
        patch={(on) => ({ modLogNames: on })}
        done={(on) => (on ? "Moderation logs show moderators' names." : "Moderation logs hide moderators' names.")}
      />
      <SiteSettingSwitch
        label="Require a confirmed email to post"
        description="When on, members post and comment only after following the confirmation link sent to their email address. Admins are not asked."
        value={settings.requireConfirmedEmail}
        patch={(on) => ({ requireConfirmedEmail: on })}
        done={(on) => (on ? 'Posting needs a confirmed email address.' : 'Posting no longer needs a confirmed email address.')}
      />
      <ContactEmailForm settings={settings} />
    </section>
  );
}

/** /admin: the switches of the whole site. */
export function AdminSettings() {
  const query = useQuery(siteSettingsOptions());
  return (
    <>
      <AdminPageHeader title="Settings" />
      {query.data ? (
        <SettingsCard settings={query.data} />
      ) : query.isError ? (
        <LoadFailed query={query} className="feed-status card" />
      ) : (
        <div className="card admin-skeleton" role="status" aria-label="Loading settings">
          <SkeletonLines lines={[['40%', 18], ['70%', 14], ['100%', 40], ['30%', 36]]} />
        </div>
      )}
    </>
  );
}
