import { IP_BLOCK_NOTE_MAX } from '@quorum/shared/constants';
import { Messages } from '@quorum/shared/errors';
import { ipBlockBody } from '@quorum/shared/schemas/admin';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Modal, ModalFormActions } from '../../../components/ui/modal.tsx';
import { CountedTextArea, TextField } from '../../../components/ui/text-field.tsx';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { blockIpErrorMessage, useBlockIp } from '../api/block-ip.ts';

function BlockIpForm({ onClose }: { onClose: () => void }) {
  const alerts = useAlerts();
  const block = useBlockIp();
  const [address, setAddress] = useState('');
  const [expiresIn, setExpiresIn] = useState('');
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const error = invalid ?? (block.error ? blockIpErrorMessage(block.error) : null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = v.safeParse(ipBlockBody, { address: address.trim(), expiresIn, note: note.trim() || null });
    if (!parsed.success) {
      setInvalid(Messages.blockIpFailed(parsed.issues[0].message));
      return;
    }
    setInvalid(null);
    block.mutate(parsed.output, {
      onSuccess: (created) => {
        alerts.show(`Blocked ${created.ip}.`);
        onClose();
      },
    });
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <fieldset className="form__fields" disabled={block.isPending}>
        <FormError message={error} />
        <TextField
          label="IP address"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          hint="A full address, a CIDR range (10.20.0.0/16) or trailing * parts (10.20.*.*). A single IPv6 address blocks the /64 it is in; add /128 to block that address alone."
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={100}
          autoFocusOnOpen
        />
        <TextField
          label="Expires in (hours)"
          value={expiresIn}
          onChange={(event) => setExpiresIn(event.target.value)}
          hint="Leave it empty to block until cancelled."
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
        />
        <CountedTextArea label="Note (optional)" value={note} onChange={setNote} maxLength={IP_BLOCK_NOTE_MAX} rows={3} />
      </fieldset>
      <ModalFormActions onCancel={onClose} submitLabel="Block" busyLabel="Blocking…" busy={block.isPending} danger />
    </form>
  );
}

/** The Block IP modal: writes from the address or range are refused until the block ends. */
export function BlockIpModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Block IP" description="Writes from the address or range are refused while the block is in effect.">
      <BlockIpForm onClose={onClose} />
    </Modal>
  );
}
