import type { CreateJobInput } from '../../../../contracts/jobs.schemas.ts';
import { api } from '../../../../contracts/paths.ts';
import type { WriteKind } from '../../../lib/outbox/write-kind.ts';
import { jobsQueryOptions } from './get-jobs.ts';

/** Publish Job: an outbox write. */
export const postJob: WriteKind<CreateJobInput> = {
  name: 'job',
  request: (payload) => ({
    method: 'POST',
    url: api.jobs,
    body: payload,
    title: `Job post: ${payload.title}`,
    ref: null,
  }),
  sent: {
    title: 'Job Posted Successfully!',
    description: 'Your job has been published and is now visible to job seekers.',
  },
  failed: { title: 'Error Posting Job', fallback: 'Failed to post job. Please try again.' },
  refreshes: [jobsQueryOptions().queryKey],
};
