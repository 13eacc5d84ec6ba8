import { ApiError } from '@quorum/client/api-error';
import { RULE_DESCRIPTION_MAX, RULE_MAX } from '@quorum/shared/constants';
import { createRuleBody } from '@quorum/shared/schemas/communities';
import type { Community, Rule } from '@quorum/shared/entities/communities';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Modal, ModalFormActions } from '../../../components/ui/modal.tsx';
import { CountedTextArea, TextField } from '../../../components/ui/text-field.tsx';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { useCreateRule } from '../api/create-rule.ts';
import { useDeleteRule } from '../api/delete-rule.ts';
import { rulesOptions } from '../api/get-rules.ts';
import { useUpdateRule } from '../api/update-rule.ts';
import { useMoveFocus, type MoveDirection } from '../hooks/use-move-focus.ts';
import { ModtoolsListSkeleton } from './list-states.tsx';
import { ModtoolsPage } from './modtools-layout.tsx';

function RuleForm({ community, rule, onDone }: { community: Community; rule: Rule | null; onDone: () => void }) {
  const alerts = useAlerts();
  const create = useCreateRule();
  const update = useUpdateRule();
  const [text, setText] = useState(rule?.rule ?? '');
  const [description, setDescription] = useState(rule?.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const serverError = failure instanceof ApiError && failure.status === 400 ? failure.message : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = v.safeParse(createRuleBody, { rule: text, description: description.trim() || null });
    if (!parsed.success) {
      setError(parsed.issues[0].message);
      return;
    }
    setError(null);
    const done = (message: string) => () => {
      alerts.show(message);
      onDone();
    };
    if (rule) update.mutate({ communityId: community.id, rule: { ...rule, ...parsed.output } }, { onSuccess: done('Rule saved.') });
    else create.mutate({ communityId: community.id, ...parsed.output }, { onSuccess: done('Rule added.') });
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <fieldset className="form__fields" disabled={pending}>
        <FormError message={serverError} />
        <TextField
          label="Rule"
          value={text}
          onChange={(event) => {
            setText(event.target.value.slice(0, RULE_MAX));
            setError(null);
          }}
          maxLength={RULE_MAX}
          error={error}
          autoComplete="off"
          autoFocusOnOpen
        />
        <CountedTextArea label="Description (optional)" value={description} onChange={setDescription} maxLength={RULE_DESCRIPTION_MAX} />
      </fieldset>
      <ModalFormActions onCancel={onDone} submitLabel={rule ? 'Save' : 'Add rule'} busyLabel="Saving…" busy={pending} />
    </form>
  );
}

type Editing = { rule: Rule | null } | null;

/** The community's rules in order: add, edit, delete and move them. */
export function RulesSection({ community }: { community: Community }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Rule | null>(null);
  const move = useUpdateRule();
  const remove = useDeleteRule();
  const alerts = useAlerts();
  const query = useQuery(rulesOptions(community.id));
  const rules = query.data;

  const { moveButtonProps, followMove, forgetMove } = useMoveFocus('rules', rules);

  const moveTo = (rule: Rule, direction: MoveDirection, zIndex: number) => {
    if (move.isPending) return;
    followMove(rule.id, direction);
    move.mutate({ communityId: community.id, rule: { ...rule, zIndex } }, { onError: forgetMove });
  };

  return (
    <ModtoolsPage
      title="Rules"
      actions={
        <button type="button" className="button button--primary button--small" onClick={() => setEditing({ rule: null })}>
          <Icon name="plus" size={16} />
          Add rule
        </button>
      }
    >
      {!rules ? (
        query.isError ? (
          <LoadFailed query={query} variant="compact" className="card modtools-empty" />
        ) : (
          <ModtoolsListSkeleton rows={2} />
        )
      ) : rules.length === 0 ? (
        <p className="card modtools-empty">No rules yet.</p>
      ) : (
        <ol className="card modtools-list" aria-label="Rules">
          {rules.map((rule, index) => (
            <li key={rule.id} className="modtools-list__row">
              <div className="modtools-list__main modtools-list__main--top">
                <span className="modtools-list__index" aria-hidden="true">
                  {index + 1}.
                </span>
                <div className="modtools-list__text">
                  <span className="modtools-list__name">{rule.rule}</span>
                  {rule.description && <span className="modtools-list__description">{rule.description}</span>}
                </div>
              </div>
              <div className="modtools-list__buttons">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Move rule ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => moveTo(rule, 'up', index - 1)}
                  {...moveButtonProps(rule.id, 'up')}
                >
                  <Icon name="arrowUp" size={18} />
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Move rule ${index + 1} down`}
                  disabled={index === rules.length - 1}
                  onClick={() => moveTo(rule, 'down', index + 1)}
                  {...moveButtonProps(rule.id, 'down')}
                >
                  <Icon name="arrowDown" size={18} />
                </button>
                <button type="button" className="button button--small" aria-label={`Edit rule ${index + 1}`} onClick={() => setEditing({ rule })}>
                  Edit
                </button>
                <button type="button" className="button button--small" aria-label={`Delete rule ${index + 1}`} onClick={() => setDeleting(rule)}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <Modal open={editing !== null} onClose={() => setEditing(null)} title={editing?.rule ? 'Edit rule' : 'Add rule'}>
        {editing && <RuleForm community={community} rule={editing.rule} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete rule"
        description="Are you sure?"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) {
            remove.mutate(
              { communityId: community.id, ruleId: deleting.id },
              {
                onSuccess: () => {
                  setDeleting(null);
                  alerts.show('Rule deleted.');
                },
              },
            );
          }
        }}
      />
    </ModtoolsPage>
  );
}
