import { FormError } from '../../../components/ui/form-error.tsx';

interface SaveBarProps {
  changed: boolean;
  pending: boolean;
  /** The server's refusal of the last Save. */
  error: string | null;
  onSave: () => void;
  onDiscard: () => void;
}

/** Save for the whole page; with unsaved changes it stays in reach at the bottom of the screen. */
export function SaveBar({ changed, pending, error, onSave, onDiscard }: SaveBarProps) {
  return (
    <div className="automod-save" data-dirty={changed || undefined}>
      <FormError message={error} />
      <div className="automod-save__row">
        <p className="automod-save__note" role="status">
          {changed ? 'You have unsaved changes.' : 'All changes saved.'}
        </p>
        <div className="automod-save__buttons">
          {changed && (
            <button type="button" className="button button--ghost" onClick={onDiscard} disabled={pending}>
              Discard
            </button>
          )}
          <button type="button" className="button button--primary" onClick={onSave} disabled={!changed || pending} aria-busy={pending}>
            {pending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </div>
    </div>
  );
}
