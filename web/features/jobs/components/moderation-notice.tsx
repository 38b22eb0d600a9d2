import type { JobListing } from '../../../../contracts/jobs.ts';
import { MODERATION_LABELS, OWNER_NOTICES } from '../../../../contracts/moderation.ts';
import { t } from '../../../lib/i18n/translate.ts';

/** What the poster (or an operator) sees on a job that is not shown: why, and what happens next. */
export function ModerationNotice({ job }: { job: Pick<JobListing, 'moderation'> }) {
  if (job.moderation === 'published') return null;
  return (
    <p className="notice" role="note">
      <strong>{t(MODERATION_LABELS[job.moderation])}</strong>
      {t(OWNER_NOTICES[job.moderation])}
    </p>
  );
}
