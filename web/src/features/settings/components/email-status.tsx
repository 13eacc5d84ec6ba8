import { ApiError } from '@quorum/client/api-error';
import { Messages } from '@quorum/shared/errors';
import { useRequestEmailConfirmation } from '../api/email-confirmation.ts';
import './email-status.css';

/** Under the saved email address: confirmed, or not yet, with a way to get another link. */
export function EmailStatus({ confirmed }: { confirmed: boolean }) {
  const request = useRequestEmailConfirmation();
  if (confirmed) return <p className="email-status email-status--confirmed">Confirmed.</p>;

  const failure = request.error instanceof ApiError ? (request.error.status === 429 ? 'Too many links asked for: try again in an hour.' : request.error.message) : null;
  return (
    <div className="email-status" role="status">
      <p>
        {request.isSuccess
          ? Messages.confirmLinkSent
          : 'Not confirmed yet: follow the link we sent to this address to confirm it is yours.'}
      </p>
      {failure && <p className="form__error">{failure}</p>}
      {!request.isSuccess && (
        <button type="button" className="button button--ghost button--small" onClick={() => request.mutate()} disabled={request.isPending} aria-busy={request.isPending}>
          Send the link again
        </button>
      )}
    </div>
  );
}
