import { MOD_REASON_MAX } from '@quorum/shared/constants';
import { CountedTextArea } from './text-field.tsx';

/** The optional reason a moderator or an admin gives with an action, shown in the moderation log. */
export function ReasonField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return <CountedTextArea label="Reason (optional)" value={value} onChange={onChange} maxLength={MOD_REASON_MAX} rows={2} />;
}
