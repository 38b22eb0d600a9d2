import { useState } from 'react';
import type { Job } from '../../../../contracts/jobs.ts';
import { Dialog, type DialogState } from '../../../components/ui/dialog.tsx';
import { FormRefusal, TextAreaField } from '../../../components/ui/field.tsx';
import { DialogActions, PendingButton } from '../../../components/ui/form-buttons.tsx';
import { t } from '../../../lib/i18n/translate.ts';
import { useWrite } from '../../../lib/outbox/use-outbox.ts';
import { useForm } from '../../../lib/use-form.ts';
import { applyToJob } from '../api/create-application.ts';

const COVER_LETTER_ROWS = 8;

/** 'Apply for {title}': the form unmounts when the dialog closes, so closing clears the letter. */
export function ApplyDialog({ job, ...dialog }: { job: Job } & DialogState) {
  return (
    <Dialog
      {...dialog}
      title={t('Apply for {title}', { title: job.title })}
      description={t("Tell the employer why you're a good fit for this job.")}
    >
      <ApplyForm job={job} onDone={dialog.onClose} />
    </Dialog>
  );
}

function ApplyForm({ job, onDone }: { job: Job; onDone: () => void }) {
  // Submit waits for a letter: the button is disabled while the box is blank.
  const { values, field, submit } = useForm({ coverLetter: '' }, ({ coverLetter }) =>
    coverLetter.trim() === '' ? { ok: false, errors: {} } : { ok: true, value: coverLetter.trim() },
  );
  const [refusal, setRefusal] = useState<string | null>(null);
  const apply = useWrite(applyToJob, { showsRefusal: true });
  const blank = values.coverLetter.trim() === '';

  const onSubmit = submit((coverLetter) => {
    setRefusal(null);
    apply.mutate(
      { payload: { jobId: job.id, coverLetter }, jobTitle: job.title },
      {
        // Refused, the dialog stays open with the letter and says why.
        onSuccess: (result) => (result.status === 'failed' ? setRefusal(result.message) : onDone()),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} className="stack">
      <TextAreaField
        label={t('Cover Letter')}
        rows={COVER_LETTER_ROWS}
        {...field('coverLetter')}
        placeholder={t('Introduce yourself, describe your experience and when you can start...')}
      />
      {/* Beside the button that was tapped, where the eye is. */}
      <FormRefusal title={applyToJob.failed.title} message={refusal} />
      <DialogActions onCancel={onDone}>
        <PendingButton pending={apply.isPending} pendingLabel={t('Submitting...')} disabled={blank}>
          {t('Submit Application')}
        </PendingButton>
      </DialogActions>
    </form>
  );
}
