import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import {
  confirmApplication,
  reportApplicationProblem,
} from '../features/engagements/api/application-completion.ts';
import { decideApplication } from '../features/engagements/api/decide-application.ts';
import { jobApplicationsQueryOptions } from '../features/engagements/api/get-job-applications.ts';
import { userApplicationsQueryOptions } from '../features/engagements/api/get-user-applications.ts';
import { applyToJob } from '../features/jobs/api/create-application.ts';
import { postJob } from '../features/jobs/api/create-job.ts';
import {
  employerJobsQueryOptions,
  employerSummaryQueryOptions,
} from '../features/jobs/api/get-employer-jobs.ts';
import { jobQueryOptions } from '../features/jobs/api/get-job.ts';
import { jobsQueryOptions } from '../features/jobs/api/get-jobs.ts';
import { userApplicationsSummaryQueryOptions } from '../features/jobs/api/get-user-applications.ts';
import { setJobActive } from '../features/jobs/api/set-job-active.ts';
import type { AnyWriteKind } from '../lib/outbox/write-kind.ts';
import { WALLET_QUERY_KEY } from '../lib/query-keys.ts';

/** What each query would be marked after `kind` is sent. */
function refreshedBy(kind: AnyWriteKind, keys: QueryKey[]): boolean[] {
  const queryClient = new QueryClient();
  for (const key of keys) queryClient.setQueryData(key, { pages: [] });
  for (const queryKey of kind.refreshes) {
    void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  }
  return keys.map((key) => queryClient.getQueryState(key)?.isInvalidated ?? false);
}

test('every job-market write refreshes every view of a job: browse, detail, dashboards', () => {
  const views = [
    jobsQueryOptions({ q: 'mason', region: 'Central' }).queryKey,
    jobsQueryOptions({}).queryKey,
    jobQueryOptions(3).queryKey,
    employerJobsQueryOptions(7).queryKey,
    employerSummaryQueryOptions().queryKey,
    jobApplicationsQueryOptions(3).queryKey,
    userApplicationsQueryOptions().queryKey,
    userApplicationsSummaryQueryOptions().queryKey,
  ];
  // Closing a job must drop it from an open browse list, not leave it there for ever.
  for (const kind of [setJobActive, postJob, applyToJob, decideApplication]) {
    expect(refreshedBy(kind, views), kind.name).toEqual(views.map(() => true));
  }
  expect(refreshedBy(setJobActive, [['bookings'], ['artists', 'search', {}]])).toEqual([
    false,
    false,
  ]);
});

test("confirming or disputing a hire refreshes the job's views and the wallet, not bookings", () => {
  const views = [
    jobApplicationsQueryOptions(3).queryKey,
    userApplicationsQueryOptions().queryKey,
    WALLET_QUERY_KEY,
    [...WALLET_QUERY_KEY, 'payout'],
  ];
  for (const kind of [confirmApplication, reportApplicationProblem] as AnyWriteKind[]) {
    expect(refreshedBy(kind, views), kind.name).toEqual(views.map(() => true));
    expect(refreshedBy(kind, [['bookings']])).toEqual([false]);
  }
});
