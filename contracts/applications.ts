import * as v from 'valibot';
import { idSchema } from './common.ts';
import type { Category } from './jobs.ts';

export const STATUSES = ['pending', 'accepted', 'rejected', 'completed'] as const;
export type Status = (typeof STATUSES)[number];

export const STATUS_LABELS: Record<Status, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  completed: 'Completed',
};

export const COVER_LETTER_MAX = 5000;
export const APPLICATION_MESSAGES = {
  coverLetter: 'Cover letter is required',
  jobId: 'Choose a job to apply to',
  duplicate: 'You have already applied to this job',
  ownJob: 'You cannot apply to your own job',
  inactive: 'This job is no longer accepting applications',
} as const;

export const CreateApplicationSchema = v.object({
  jobId: idSchema(APPLICATION_MESSAGES.jobId),
  coverLetter: v.pipe(
    v.string(APPLICATION_MESSAGES.coverLetter),
    v.trim(),
    v.nonEmpty(APPLICATION_MESSAGES.coverLetter),
    v.maxLength(COVER_LETTER_MAX, `Cover letter must be at most ${COVER_LETTER_MAX} characters`),
  ),
});
export type CreateApplication = v.InferOutput<typeof CreateApplicationSchema>;

export interface Application {
  id: number;
  jobId: number;
  coverLetter: string;
  status: Status;
  createdAt: string;
  job: { title: string; category: Category; region: string };
  applicant: { firstName: string; lastName: string; email: string | null };
}
