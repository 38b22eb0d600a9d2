import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApplication } from '../../../../contracts/applications.ts';
import { api } from '../../../../contracts/paths.ts';
import { sendJson } from '../../../lib/api-client.ts';
import { jobQueryOptions } from '../../jobs/api/get-job.ts';
import { jobsQueryOptions } from '../../jobs/api/get-jobs.ts';
import { jobApplicationsQueryOptions } from './get-job-applications.ts';
import { userApplicationsQueryOptions } from './get-user-applications.ts';

export interface CreateApplicationVariables {
  payload: CreateApplication;
  idempotencyKey: string;
}

export function createApplication({ payload, idempotencyKey }: CreateApplicationVariables) {
  return sendJson<unknown>('POST', api.applications, payload, { idempotencyKey });
}

/** One definition for the hook and for setMutationDefaults (so a paused apply can resume). */
export function createApplicationMutationOptions(queryClient: QueryClient) {
  return {
    mutationKey: ['applications', 'create'] as const,
    mutationFn: createApplication,
    onSuccess: (_data: unknown, { payload }: CreateApplicationVariables) =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: jobApplicationsQueryOptions(payload.jobId).queryKey,
        }),
        queryClient.invalidateQueries({ queryKey: userApplicationsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: jobQueryOptions(payload.jobId).queryKey }),
        queryClient.invalidateQueries({ queryKey: jobsQueryOptions().queryKey }),
      ]),
  };
}

export function useCreateApplication() {
  return useMutation(createApplicationMutationOptions(useQueryClient()));
}
