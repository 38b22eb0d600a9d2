import { type FormEvent, useState } from 'react';
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
import { useReport } from '../../lib/reports.ts';
import { useOnline } from '../../lib/use-online.ts';
import { Dialog } from '../ui/dialog.tsx';
import { Field } from '../ui/field.tsx';
import { FlagIcon } from '../ui/icons.tsx';
import { useToast } from '../ui/toast.tsx';

const WHAT: Record<ReportTarget, string> = {
  job: 'this job',
  artist: 'this artist',
  user: 'this profile',
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
        <FlagIcon size={16} /> Report
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm report-button"
        onClick={() => setOpen(true)}
        aria-label={`Report ${WHAT[targetType]}`}
      >
        <FlagIcon size={16} /> Report
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
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useReport();
  const online = useOnline();
  const toast = useToast();

  const close = () => {
    setReason(null);
    setDetails('');
    setError(null);
    report.reset();
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setError(MODERATION_MESSAGES.reportReason);
    setError(null);
    report.mutate(
      { targetType, targetId, reason, details: details.trim() || null },
      {
        onSuccess() {
          toast({ title: 'Report sent', description: MODERATION_MESSAGES.reported });
          close();
        },
        // Shown inside the dialog, where the reporter is looking.
        onError: (failure) =>
          setError(errorMessage(failure, 'Failed to send your report. Please try again.')),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Report ${WHAT[targetType]}`}
      description="Ghana Gigs checks every report. Three reports from different people hide a listing until it is checked."
    >
      <form className="stack" onSubmit={onSubmit} noValidate>
        <fieldset className="fieldset">
          <legend className="label">Why are you reporting it?</legend>
          <div className="stack-sm">
            {REPORT_REASONS.map((value) => (
              <label key={value} className="radio-card">
                <input
                  type="radio"
                  name="report-reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
                <span>{REPORT_REASON_LABELS[value]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <Field label="Details" optional>
          <textarea
            className="input"
            rows={3}
            maxLength={REPORT_DETAILS_MAX}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
            placeholder="What happened? e.g. They asked me to send GHS 50 by MoMo to apply."
          />
        </Field>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {online ? null : (
          <p className="hint" role="note">
            You're offline. Reports are sent once you're back online.
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-outline" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={report.isPending || !online}>
            {report.isPending ? 'Sending...' : 'Send Report'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
