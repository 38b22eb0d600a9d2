import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateJobInput, Job } from '../../../../contracts/jobs.ts';
import { api } from '../../../../contracts/paths.ts';
import { sendJson } from '../../../lib/api-client.ts';
import { jobsQueryOptions } from './get-jobs.ts';

export interface CreateJobVariables {
  payload: CreateJobInput;
  idempotencyKey: string;
}

export function createJob({ payload, idempotencyKey }: CreateJobVariables): Promise<Job> {
  return sendJson<Job>('POST', api.jobs, payload, { idempotencyKey });
}

/** One definition for the hook and for setMutationDefaults (so a paused post can resume). */
export function createJobMutationOptions(queryClient: QueryClient) {
  return {
    mutationKey: ['jobs', 'create'] as const,
    mutationFn: createJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsQueryOptions().queryKey }),
  };
}

export function useCreateJob() {
  return useMutation(createJobMutationOptions(useQueryClient()));
}
