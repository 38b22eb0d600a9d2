import { findFeeRequestInJob } from '../../../../contracts/fee-requests.ts';
import type { CreateJobInput } from '../../../../contracts/jobs.schemas.ts';
import { MODERATION_MESSAGES } from '../../../../contracts/moderation.ts';
import { api } from '../../../../contracts/paths.ts';
import type { WriteKind } from '../../../lib/outbox/write-kind.ts';
import { jobsQueryOptions } from './get-jobs.ts';

/**
 * Whether the server will hold this post for review rather than publish it: the same check it
 * runs (contracts/fee-requests.ts), so the poster is told before and after sending.
 */
export function willBeHeld(job: CreateJobInput): boolean {
  return findFeeRequestInJob({ ...job, requiredSkills: job.requiredSkills ?? [] }) !== null;
}

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
  sent: (item) =>
    willBeHeld(item.body as CreateJobInput)
      ? { title: MODERATION_MESSAGES.heldTitle, description: MODERATION_MESSAGES.held }
      : {
          title: 'Job Posted Successfully!',
          description: 'Your job has been published and is now visible to job seekers.',
        },
  failed: { title: 'Error Posting Job', fallback: 'Failed to post job. Please try again.' },
  refreshes: [jobsQueryOptions().queryKey],
};
