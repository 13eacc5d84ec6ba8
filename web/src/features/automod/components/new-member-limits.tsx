import { NEW_MEMBER_DAYS_MAX, NEW_MEMBER_POINTS_MAX } from '@quorum/shared/constants';
import { useId } from 'react';
import { SwitchField } from '../../../components/ui/switch.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { NewMemberDraft } from '../draft.ts';

interface NewMemberLimitsProps {
  value: NewMemberDraft;
  onChange: (value: NewMemberDraft) => void;
  /** The schema's messages from the last Save, by field. */
  errors: Partial<Record<'minAgeDays' | 'minPoints', string>>;
}

/** Posts (and, if asked, comments) by new accounts wait for approval; saved with the watched words. */
export function NewMemberLimits({ value, onChange, errors }: NewMemberLimitsProps) {
  const headingId = useId();
  return (
    <section className="card automod-limits" aria-labelledby={headingId}>
      <h3 id={headingId} className="automod-section__title">
        New-member limits
      </h3>
      <p className="automod-section__text">
        Posts by accounts that are too new wait in the approval queue until a moderator approves them. 0 turns a limit off.
      </p>
      <div className="automod-limits__fields">
        <TextField
          label="Account younger than (days)"
          type="number"
          inputMode="numeric"
          min={0}
          max={NEW_MEMBER_DAYS_MAX}
          step={1}
          value={value.minAgeDays}
          onChange={(event) => onChange({ ...value, minAgeDays: event.target.value })}
          error={errors.minAgeDays}
          hint={`0 = off, at most ${NEW_MEMBER_DAYS_MAX}.`}
        />
        <TextField
          label="Fewer points than"
          type="number"
          inputMode="numeric"
          min={0}
          max={NEW_MEMBER_POINTS_MAX}
          step={1}
          value={value.minPoints}
          onChange={(event) => onChange({ ...value, minPoints: event.target.value })}
          error={errors.minPoints}
          hint={`0 = off, at most ${NEW_MEMBER_POINTS_MAX}.`}
        />
      </div>
      <SwitchField
        label="Hold comments too"
        description="Comments by these accounts wait for approval as well."
        checked={value.comments}
        onChange={(comments) => onChange({ ...value, comments })}
      />
    </section>
  );
}
