import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import type { AnyWriteKind } from '../../../lib/outbox/write-kind.ts';
import { WALLET_QUERY_KEY } from '../../../lib/payments.ts';
import { confirmApplication, reportApplicationProblem } from './application-completion.ts';
import { applyToJob } from './create-application.ts';
import { postJob } from './create-job.ts';
import { decideApplication } from './decide-application.ts';
import { employerJobsQueryOptions, employerSummaryQueryOptions } from './get-employer-jobs.ts';
import { jobQueryOptions } from './get-job.ts';
import { jobApplicationsQueryOptions } from './get-job-applications.ts';
import { jobsQueryOptions } from './get-jobs.ts';
import {
  userApplicationsQueryOptions,
  userApplicationsSummaryQueryOptions,
} from './get-user-applications.ts';
import { setJobActive } from './set-job-active.ts';

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
