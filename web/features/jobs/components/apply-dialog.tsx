import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { APPLY_QUERY, type ApplyFormState } from '../../../../contracts/first-screen.ts';
import type { Job } from '../../../../contracts/jobs.ts';
import { paths } from '../../../../contracts/paths.ts';
import { Dialog, type DialogState } from '../../../components/ui/dialog.tsx';
import { FormRefusal, TextAreaField } from '../../../components/ui/field.tsx';
import { PendingButton } from '../../../components/ui/form-buttons.tsx';
import { APPLY_FORM_QUERY_KEY } from '../../../lib/drawn-page.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { useWrite } from '../../../lib/outbox/use-outbox.ts';
import { useForm } from '../../../lib/use-form.ts';
import { applyToJob } from '../api/create-application.ts';

const COVER_LETTER_ROWS = 8;

/**
 * 'Apply for {title}': the form unmounts when the dialog closes, so closing clears the letter.
 * It is also a plain HTML form (ADR 035): drawn open at `/jobs/:id?apply=1`, it posts there with
 * no script, and the server answers with the job page, or the form again with its refusal and
 * the letter, which the dialog then starts from.
 */
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

/** Whether the app's script runs here: false on the server and while the page hydrates. */
function useScripted(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
const noChanges = () => () => undefined;

function ApplyForm({ job, onDone }: { job: Job; onDone: () => void }) {
  // The letter and refusal the server drew after a post with no script, for this job.
  const queryClient = useQueryClient();
  const [drawn] = useState(() => {
    const form = queryClient.getQueryData<ApplyFormState>(APPLY_FORM_QUERY_KEY);
    return form?.jobId === job.id ? form : null;
  });
  // Submit waits for a letter: the button is disabled while the box is blank (once the script
  // runs: with no script, the server checks the letter and says what is wrong).
  const { values, field, submit } = useForm(
    { coverLetter: drawn?.coverLetter ?? '' },
    ({ coverLetter }) =>
      coverLetter.trim() === ''
        ? { ok: false, errors: {} }
        : { ok: true, value: coverLetter.trim() },
  );
  const [refusal, setRefusal] = useState<string | null>(drawn?.error ?? null);
  const apply = useWrite(applyToJob, { showsRefusal: true });
  const blank = values.coverLetter.trim() === '';
  const withScript = useScripted();

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
    <form
      onSubmit={onSubmit}
      method="post"
      action={`${paths.job(job.id)}?${APPLY_QUERY}`}
      className="stack"
    >
      <TextAreaField
        label={t('Cover Letter')}
        rows={COVER_LETTER_ROWS}
        name="coverLetter"
        {...field('coverLetter')}
        placeholder={t('Introduce yourself, describe your experience and when you can start...')}
      />
      {/* Beside the button that was tapped, where the eye is. */}
      <FormRefusal title={applyToJob.failed.title} message={refusal} />
      <div className="dialog-actions">
        {/* With no script, Cancel closes the dialog as a method="dialog" form does. */}
        <button
          type="submit"
          formMethod="dialog"
          formNoValidate
          className="btn btn-outline"
          onClick={(event) => {
            event.preventDefault();
            onDone();
          }}
        >
          {t('Cancel')}
        </button>
        <PendingButton
          pending={apply.isPending}
          pendingLabel={t('Submitting...')}
          disabled={withScript && blank}
        >
          {t('Submit Application')}
        </PendingButton>
      </div>
    </form>
  );
}
