import { type FormEvent, useState } from 'react';
import type { Job } from '../../../../contracts/jobs.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, FormRefusal } from '../../../components/ui/field.tsx';
import { useWrite } from '../../../lib/outbox/use-outbox.ts';
import { applyToJob } from '../api/create-application.ts';

const COVER_LETTER_ROWS = 8;

/** 'Apply for {title}': the form unmounts when the dialog closes, so closing clears the letter. */
export function ApplyDialog({
  job,
  open,
  onClose,
}: {
  job: Job;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Apply for ${job.title}`}
      description="Tell the employer why you're a good fit for this job."
    >
      <ApplyForm job={job} onDone={onClose} />
    </Dialog>
  );
}

function ApplyForm({ job, onDone }: { job: Job; onDone: () => void }) {
  const [coverLetter, setCoverLetter] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const apply = useWrite(applyToJob, { showsRefusal: true });
  const blank = coverLetter.trim() === '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    setRefusal(null);
    apply.mutate(
      { payload: { jobId: job.id, coverLetter: coverLetter.trim() }, jobTitle: job.title },
      {
        // Refused, the dialog stays open with the letter and says why.
        onSuccess: (result) => (result.status === 'failed' ? setRefusal(result.message) : onDone()),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="stack">
      <Field label="Cover Letter">
        <textarea
          className="input"
          rows={COVER_LETTER_ROWS}
          value={coverLetter}
          onChange={(event) => setCoverLetter(event.target.value)}
          placeholder="Introduce yourself, describe your experience and when you can start..."
        />
      </Field>
      {/* Beside the button that was tapped, where the eye is. */}
      <FormRefusal title={applyToJob.failed.title} message={refusal} />
      <div className="dialog-actions">
        <button type="button" className="btn btn-outline" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={blank || apply.isPending}>
          {apply.isPending ? 'Submitting...' : 'Submit Application'}
        </button>
      </div>
    </form>
  );
}
