import { api } from '../../../../contracts/paths.ts';
import { msg, t } from '../../../lib/i18n/translate.ts';
import type { WriteKind } from '../../../lib/outbox/write-kind.ts';
import { jobsQueryOptions } from './get-jobs.ts';

interface SetJobActiveVariables {
  jobId: number;
  jobTitle: string;
  isActive: boolean;
}

/** Closing a job (no new applications) or reopening it. */
export const setJobActive: WriteKind<SetJobActiveVariables> = {
  name: 'job-active',
  request: (variables) => ({
    method: 'PATCH',
    url: api.job(variables.jobId),
    body: { isActive: variables.isActive },
    title: variables.isActive
      ? t('Reopen {title}', { title: variables.jobTitle })
      : t('Close {title}', { title: variables.jobTitle }),
    ref: variables.jobId,
  }),
  sent: (item) =>
    (item.body as { isActive: boolean }).isActive
      ? {
          title: t('Job Reopened'),
          description: t('{title}: job seekers can apply again.', { title: item.title }),
        }
      : {
          title: t('Job Closed'),
          description: t('{title}: it takes no new applications.', { title: item.title }),
        },
  failed: { title: msg('Update Failed'), fallback: msg('Please try again.') },
  // The job everywhere it shows: browse lists (which drop a closed job), the job, the dashboard.
  refreshes: [jobsQueryOptions().queryKey],
};
