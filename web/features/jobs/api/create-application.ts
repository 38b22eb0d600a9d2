import type { CreateApplication } from '../../../../contracts/applications.schemas.ts';
import { APPLICATION_MESSAGES } from '../../../../contracts/applications.ts';
import { api } from '../../../../contracts/paths.ts';
import type { WriteKind } from '../../../lib/outbox/write-kind.ts';
import { jobsQueryOptions } from './get-jobs.ts';

interface CreateApplicationVariables {
  payload: CreateApplication;
  jobTitle: string;
}

/** Apply: an outbox write, about the job it applies to. */
export const applyToJob: WriteKind<CreateApplicationVariables> = {
  name: 'application',
  request: ({ payload, jobTitle }) => ({
    method: 'POST',
    url: api.applications,
    body: payload,
    title: `Application for ${jobTitle}`,
    ref: payload.jobId,
  }),
  sent: {
    title: 'Application Submitted!',
    description: 'Your application has been sent to the employer.',
  },
  failed: {
    title: 'Application Failed',
    fallback: 'Failed to submit application. Please try again.',
  },
  // The job's applicant count, its applicants, the employer's figures, the seeker's list.
  refreshes: [jobsQueryOptions().queryKey],
  // One application to a job: a second one saved offline would only be refused later.
  oneWaitingPerRef: APPLICATION_MESSAGES.waiting,
};
