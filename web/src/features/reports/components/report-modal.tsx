import { Messages } from '@quorum/shared/errors';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Modal, ModalFormActions } from '../../../components/ui/modal.tsx';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import type { ContentTarget } from '../../../lib/content-actions.ts';
import { useInitialData } from '../../../lib/session/get-initial.ts';
import { reportErrorMessage, useReport } from '../api/report.ts';
import { reportedOptions } from '../api/reported.ts';
import './report-modal.css';

function ReportForm({ target, onClose }: { target: ContentTarget; onClose: () => void }) {
  const { reportReasons } = useInitialData();
  const report = useReport();
  const alerts = useAlerts();
  const [reason, setReason] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);
  const groupId = useId();
  const error = missing ? Messages.reportNeedsReason : report.error ? reportErrorMessage(report.error) : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason === null) {
      setMissing(true);
      return;
    }
    report.mutate(
      { type: target.type, targetId: target.id, reason },
      {
        onSuccess: () => {
          alerts.show('Thanks. The moderators will take a look.');
          onClose();
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormError message={error} />
      <fieldset className="report-reasons" disabled={report.isPending} aria-describedby={`${groupId}-legend`}>
        <legend id={`${groupId}-legend`} className="report-reasons__legend">
          Why are you reporting this {target.type}?
        </legend>
        {reportReasons.map((option, index) => (
          <label key={option.id} className="report-reason">
            <input
              type="radio"
              name="reason"
              value={option.id}
              checked={reason === option.id}
              data-autofocus={index === 0 || undefined}
              onChange={() => {
                setReason(option.id);
                setMissing(false);
              }}
            />
            <span className="report-reason__text">
              <span className="report-reason__title">{option.title}</span>
              {option.description && <span className="report-reason__description">{option.description}</span>}
            </span>
          </label>
        ))}
      </fieldset>
      <ModalFormActions onCancel={onClose} submitLabel="Report" busyLabel="Reporting…" busy={report.isPending} danger />
    </form>
  );
}

/** Said instead of the reasons when the viewer reported the item before: the server would refuse a second report. */
function AlreadyReported({ target, onClose }: { target: ContentTarget; onClose: () => void }) {
  const messageId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  // Shown in place of the form when the server refuses a second report: the focus was in the form.
  useEffect(() => closeRef.current?.focus(), []);
  return (
    <>
      <p id={messageId} className="report-done">
        {Messages.alreadyReported(target.type)}
      </p>
      <div className="modal__actions">
        <button ref={closeRef} type="button" className="button button--primary" aria-describedby={messageId} data-autofocus onClick={onClose}>
          OK
        </button>
      </div>
    </>
  );
}

function ReportContent({ target, onClose }: { target: ContentTarget; onClose: () => void }) {
  const { data: reported } = useQuery(reportedOptions(target.type, target.id));
  return reported ? <AlreadyReported target={target} onClose={onClose} /> : <ReportForm target={target} onClose={onClose} />;
}

/**
 * The Report modal: one of the site's reasons, sent to the moderators of the community; or, when
 * the viewer already reported the item, the message saying so.
 */
export function ReportModal({ target, onClose }: { target: ContentTarget | null; onClose: () => void }) {
  return (
    <Modal open={target !== null} onClose={onClose} title={target ? `Report ${target.type}` : 'Report'} size="medium">
      {target && <ReportContent target={target} onClose={onClose} />}
    </Modal>
  );
}
