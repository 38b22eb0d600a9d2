import { api } from '../../../../contracts/paths.ts';
import type { StatusChange } from '../../../../contracts/transitions.schemas.ts';
import { msg, t } from '../../../lib/i18n/translate.ts';
import type { WriteKind } from '../../../lib/outbox/write-kind.ts';
import { JOBS_QUERY_KEY } from '../../../lib/query-keys.ts';

interface DecideApplicationVariables {
  applicationId: number;
  jobId: number;
  status: StatusChange['status'];
  applicantName: string;
}

const TITLES = {
  accepted: (name: string) => t('Accept {name}', { name }),
  rejected: (name: string) => t('Reject {name}', { name }),
  completed: (name: string) => t('Mark completed: {label}', { label: name }),
} as const;
const SENT_TITLES: Record<StatusChange['status'], string> = {
  accepted: msg('Applicant Accepted'),
  rejected: msg('Applicant Rejected'),
  completed: msg('Marked Completed'),
};

/** An employer's decision on an applicant, about the job whose applicants it changes. */
export const decideApplication: WriteKind<DecideApplicationVariables> = {
  name: 'application-status',
  request: (variables) => ({
    method: 'PATCH',
    url: api.application(variables.applicationId),
    body: { status: variables.status } satisfies StatusChange,
    title: TITLES[variables.status](variables.applicantName),
    ref: variables.jobId,
  }),
  sent: (item) => ({
    title: SENT_TITLES[(item.body as StatusChange).status],
    description: t('{title}. The applicant will be told by SMS.', { title: item.title }),
  }),
  failed: { title: msg('Update Failed'), fallback: msg('Please try again.') },
  refreshes: [JOBS_QUERY_KEY],
};
