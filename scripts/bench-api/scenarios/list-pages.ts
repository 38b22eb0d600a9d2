/**
 * Does a list page cost the same at 100,000 jobs as at 1,000? The endpoints put under load at
 * each size, and the same lists priced in-process, query by query.
 */
import * as v from 'valibot';
import { listArtists } from '../../../api/artists/artists-repository.ts';
import { findJob, listJobs } from '../../../api/jobs/jobs-repository.ts';
import { ListCache } from '../../../api/lib/list-cache/list-cache.ts';
import { artistList, jobList } from '../../../api/lib/list-cache/lists.ts';
import { dataVersionsTable } from '../../../api/lib/list-cache/version-source.ts';
import { ArtistListQuerySchema } from '../../../contracts/artists.schemas.ts';
import { JobListQuerySchema } from '../../../contracts/jobs.schemas.ts';
import { fmtInt } from '../format.ts';
import type { Endpoint } from '../load.ts';
import { openProfiler, type ProfileStep, profile } from '../profiler.ts';

export function endpoints(q: string): Endpoint[] {
  return [
    { key: 'first', label: 'GET /api/jobs (first page)', path: '/api/jobs' },
    {
      key: 'filtered',
      label: 'GET /api/jobs?category=professional&region=Ashanti',
      path: '/api/jobs?category=professional&region=Ashanti',
    },
    {
      key: 'searched',
      label: `GET /api/jobs?q=${q}`,
      path: `/api/jobs?q=${encodeURIComponent(q)}`,
    },
    {
      key: 'deep',
      label: 'GET /api/jobs?cursor= (a random page deep in the list: mostly not cached)',
      path: '/api/jobs',
    },
    { key: 'job', label: 'GET /api/jobs/:id (random id)', path: '/api/jobs/1' },
    { key: 'artists', label: 'GET /api/artists (first page)', path: '/api/artists' },
    { key: 'apply', label: 'POST /api/applications', path: '/api/applications' },
  ];
}

/** The in-process profiles of one database size, one per list request. */
export type SizeProfiles = Awaited<ReturnType<typeof profileSize>>;

export async function profileSize(path: string, size: number, q: string, jobId: number) {
  const profiler = openProfiler(path);
  try {
    const jobsQuery = (input: Record<string, string>) => v.parse(JobListQuerySchema, input);
    // A list the cache cannot answer, as the server computes it: the versions, then the page
    // (its count, which changes with the jobs alone, stays cached).
    const cache = new ListCache(dataVersionsTable(profiler.db));
    const jobs = async (input: Record<string, string>) => {
      const query = jobsQuery(input);
      return listJobs(profiler.db, query, query, cache.countOf(jobList(query)));
    };
    return {
      first: await profile(profiler, 'GET /api/jobs', () => jobs({})),
      filtered: await profile(profiler, 'GET /api/jobs?category=professional&region=Ashanti', () =>
        jobs({ category: 'professional', region: 'Ashanti' }),
      ),
      searched: await profile(profiler, `GET /api/jobs?q=${q}`, () => jobs({ q })),
      // Under three characters the trigram index can't help: LIKE over every active job.
      short: await profile(
        profiler,
        `GET /api/jobs?q=${q.slice(0, 2)} (under 3 characters: LIKE)`,
        () => jobs({ q: q.slice(0, 2) }),
        1_500,
        50,
      ),
      job: await profile(profiler, 'GET /api/jobs/:id', () => findJob(profiler.db, jobId)),
      artists: await profile(profiler, 'GET /api/artists', async () => {
        const all = v.parse(ArtistListQuerySchema, {});
        return listArtists(profiler.db, all, all, cache.countOf(artistList(all)));
      }),
      size,
    };
  } finally {
    await profiler.close();
  }
}

/** The section of docs/PERFORMANCE.md on where a list request's time goes, at both sizes. */
export function profileMarkdown(profiles: SizeProfiles[], small: number, large: number): string[] {
  const largeProfile = profiles.find((p) => p.size === large);
  const smallProfile = profiles.find((p) => p.size === small);
  if (!largeProfile || !smallProfile) return [];
  const lines: string[] = [
    "### Where a request's time goes (in-process, repository call and serialisation)",
    '',
    'What a list request costs when the list cache cannot answer it (the first request after a change): ' +
      'the version read, the repository call and the steps after it. A cached answer reads the versions and sends the stored bytes; ' +
      'the GET rows above ask for one URL again and again, so after the first request they measure cached answers.',
    '',
    `| Endpoint | Step | ${fmtInt(small)} jobs ms | ${fmtInt(large)} jobs ms |`,
    '|---|---|---:|---:|',
  ];
  for (const key of ['first', 'filtered', 'searched', 'short', 'job', 'artists'] as const) {
    const big = largeProfile[key];
    const little = smallProfile[key];
    lines.push(
      `| ${big.label} | whole repository call | ${little.msPerCall.toFixed(3)} | ${big.msPerCall.toFixed(3)} |`,
    );
    const stepKey = (step: ProfileStep) => (step.label === 'SQL' ? step.detail : step.label);
    for (const step of big.steps) {
      const other = little.steps.find((candidate) => stepKey(candidate) === stepKey(step));
      const name = step.label === 'SQL' ? `\`${step.detail.replaceAll('|', '\\|')}\`` : step.label;
      lines.push(
        `| | ${name} | ${other ? other.ms.toFixed(3) : 'not run'} | ${step.ms.toFixed(3)} |`,
      );
    }
  }
  lines.push('');
  return lines;
}
