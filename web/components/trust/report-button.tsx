import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  MODERATION_MESSAGES,
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTarget,
} from '../../../contracts/moderation.ts';
import { paths } from '../../../contracts/paths.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useUser } from '../../lib/auth.ts';
import { msg, t } from '../../lib/i18n/translate.ts';
import { useReport } from '../../lib/reports.ts';
import { useForm } from '../../lib/use-form.ts';
import { useOnline } from '../../lib/use-online.ts';
import { Dialog } from '../ui/dialog.tsx';
import { TextAreaField } from '../ui/field.tsx';
import { DialogActions, PendingButton } from '../ui/form-buttons.tsx';
import { FlagIcon } from '../ui/icons.tsx';
import { RadioCards } from '../ui/radio-cards.tsx';
import { useToast } from '../ui/toast.tsx';

const WHAT: Record<ReportTarget, string> = {
  job: msg('Report this job'),
  artist: msg('Report this artist'),
  user: msg('Report this profile'),
};

/**
 * Report on a job, an artist or a profile: a reason and optional details, sent at once. Hidden
 * from the listing's owner (the server refuses them too); a guest is sent to sign in.
 */
export function ReportButton({
  targetType,
  targetId,
  ownerId,
}: {
  targetType: ReportTarget;
  targetId: number;
  /** Whose listing it is: they get no Report button. */
  ownerId: number;
}) {
  const { user } = useUser();
  const [open, setOpen] = useState(false);
  if (user?.id === ownerId) return null;
  if (!user) {
    return (
      <Link to={paths.login} className="btn btn-ghost btn-sm report-button">
        <FlagIcon size={16} /> {t('Report')}
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm report-button"
        onClick={() => setOpen(true)}
        aria-label={t(WHAT[targetType])}
      >
        <FlagIcon size={16} /> {t('Report')}
      </button>
      <ReportDialog
        open={open}
        onClose={() => setOpen(false)}
        targetType={targetType}
        targetId={targetId}
      />
    </>
  );
}

function ReportDialog({
  open,
  onClose,
  targetType,
  targetId,
}: {
  open: boolean;
  onClose: () => void;
  targetType: ReportTarget;
  targetId: number;
}) {
  const form = useForm({ reason: null as ReportReason | null, details: '' }, (values) =>
    values.reason
      ? { ok: true, value: { reason: values.reason, details: values.details.trim() || null } }
      : { ok: false, errors: { reason: MODERATION_MESSAGES.reportReason } },
  );
  // One line for both: no reason picked, or the server's refusal (`send`).
  const error = form.errors.reason ?? form.errors.send;
  const report = useReport();
  const online = useOnline();
  const toast = useToast();

  const close = () => {
    form.reset({ reason: null, details: '' });
    report.reset();
    onClose();
  };

  const onSubmit = form.submit((value) =>
    report.mutate(
      { targetType, targetId, ...value },
      {
        onSuccess() {
          toast({ title: t('Report sent'), description: MODERATION_MESSAGES.reported });
          close();
        },
        // Shown inside the dialog, where the reporter is looking.
        onError: (failure) =>
          form.refuse({
            send: errorMessage(failure, msg('Failed to send your report. Please try again.')),
          }),
      },
    ),
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t(WHAT[targetType])}
      description={t(
        'Ghana Gigs checks every report. Three reports from different people hide a listing until it is checked.',
      )}
    >
      <form className="stack" onSubmit={onSubmit} noValidate>
        <RadioCards
          legend={t('Why are you reporting it?')}
          name="report-reason"
          layout="stack"
          options={REPORT_REASONS.map((value) => [value, t(REPORT_REASON_LABELS[value])] as const)}
          value={form.values.reason}
          onChange={(value) => form.set('reason', value)}
        />
        <TextAreaField
          label={t('Details')}
          optional
          rows={3}
          maxLength={REPORT_DETAILS_MAX}
          {...form.field('details')}
          placeholder={t('What happened? e.g. They asked me to send GHS 50 by MoMo to apply.')}
        />
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {online ? null : (
          <p className="hint" role="note">
            {t("You're offline. Reports are sent once you're back online.")}
          </p>
        )}
        <DialogActions onCancel={close}>
          <PendingButton
            className="btn btn-danger"
            pending={report.isPending}
            pendingLabel={t('Sending...')}
            disabled={!online}
          >
            {t('Send Report')}
          </PendingButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
