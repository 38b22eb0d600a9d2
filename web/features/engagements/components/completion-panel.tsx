import { useState } from 'react';
import { DisputeSchema } from '../../../../contracts/payments.schemas.ts';
import { ConfirmButton } from '../../../components/ui/confirm-button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { DialogActions, PendingButton } from '../../../components/ui/form-buttons.tsx';
import { AlertIcon, CheckIcon, ClockIcon } from '../../../components/ui/icons.tsx';
import { useUser } from '../../../lib/auth.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { useOutboxItems, useWrite } from '../../../lib/outbox/use-outbox.ts';
import type { WriteKind } from '../../../lib/outbox/write-kind.ts';
import { useForm } from '../../../lib/use-form.ts';
import type { CompletionVariables, DisputeVariables } from '../api/payments.ts';
import { type DealState, dealTimeline, turnView } from './deal.ts';

interface CompletionPanelProps {
  deal: DealState;
  variables: CompletionVariables;
  confirmKind: WriteKind<CompletionVariables>;
  reportKind: WriteKind<DisputeVariables>;
}

/**
 * Completion on a card: the timeline, whose turn it is, when the money goes by itself, and
 * Confirm Completed and Report a problem when the server's `allowedActions` has them. Both are
 * outbox writes: made offline, they wait on the phone, and the card says so instead of offering
 * them again.
 */
export function CompletionPanel({
  deal,
  variables,
  confirmKind,
  reportKind,
}: CompletionPanelProps) {
  const { user } = useUser();
  const confirm = useWrite(confirmKind);
  const [reporting, setReporting] = useState(false);
  const waitingConfirm = useOutboxItems({ userId: user?.id, kind: confirmKind, ref: variables.id });
  const waitingReport = useOutboxItems({ userId: user?.id, kind: reportKind, ref: variables.id });
  const view = turnView(deal);
  const timeline = dealTimeline(deal);
  if (!view) return null;
  const confirmWaits = waitingConfirm.pending.length > 0;
  const reportWaits = waitingReport.pending.length > 0;

  return (
    <div className="completion">
      {timeline.length > 0 ? (
        // Not a list: a card is a list item already, and its timeline is one line of text.
        <p className="deal-timeline">
          <span className="visually-hidden">{t('Timeline')}: </span>
          {timeline.map((line, index) => (
            <span key={line}>
              {index > 0 ? <span className="visually-hidden"> · </span> : null}
              {line}
            </span>
          ))}
        </p>
      ) : null}
      <p className="completion-text">
        <ClockIcon size={16} /> <span>{view.text}</span>
      </p>
      {view.note ? <p className="hint">{view.note}</p> : null}
      {confirmWaits ? (
        <p className="hint">
          {t('Your confirmation is saved on this phone and waits to be sent.')}
        </p>
      ) : null}
      {reportWaits ? (
        <p className="hint">{t('Your report is saved on this phone and waits to be sent.')}</p>
      ) : null}
      {(view.canConfirm && !confirmWaits) || (view.canReport && !reportWaits) ? (
        <div className="button-row">
          {view.canConfirm && !confirmWaits ? (
            <ConfirmButton
              className="btn btn-primary btn-sm"
              disabled={confirm.isPending}
              title={t('Confirm the work was done?')}
              description={t(
                'Once you have both confirmed, the money is paid out and cannot be taken back. If something went wrong, Report a problem instead.',
              )}
              confirmLabel={t('Confirm')}
              tone="primary"
              onConfirm={() => confirm.mutate(variables)}
            >
              <CheckIcon size={16} /> {t('Confirm Completed')}
            </ConfirmButton>
          ) : null}
          {view.canReport && !reportWaits ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => setReporting(true)}
            >
              <AlertIcon size={16} /> {t('Report a problem')}
            </button>
          ) : null}
        </div>
      ) : null}
      <Dialog
        open={reporting}
        onClose={() => setReporting(false)}
        title={t('Report a problem')}
        description={t(
          'The payment stays on hold until we have looked into it. We may call both of you.',
        )}
      >
        <ReportForm kind={reportKind} variables={variables} onDone={() => setReporting(false)} />
      </Dialog>
    </div>
  );
}

function ReportForm({
  kind,
  variables,
  onDone,
}: {
  kind: WriteKind<DisputeVariables>;
  variables: CompletionVariables;
  onDone: () => void;
}) {
  const { errors, field, submit } = useForm({ reason: '' }, DisputeSchema);
  const report = useWrite(kind);
  const onSubmit = submit(({ reason }) =>
    report.mutate(
      { ...variables, reason },
      { onSuccess: (outcome) => outcome.status !== 'failed' && onDone() },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="stack">
      <TextAreaField
        label={t('What went wrong?')}
        error={errors.reason}
        rows={4}
        {...field('reason')}
        placeholder={t('e.g. The artist did not come, or the work was left unfinished.')}
      />
      <DialogActions onCancel={onDone}>
        <PendingButton
          className="btn btn-danger"
          pending={report.isPending}
          pendingLabel={t('Sending...')}
        >
          {t('Report Problem')}
        </PendingButton>
      </DialogActions>
    </form>
  );
}
