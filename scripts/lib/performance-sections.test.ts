/**
 * Each benchmark writes a short section of docs/PERFORMANCE.md: fed a small report, each section
 * generator writes a heading the document has, keeps the shape of the section it replaces (its
 * tables and "###" parts), stays within its size budget, and leaves the document under its limit.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type ApiSectionReport,
  apiSection,
  keptPostgresParagraph,
} from '../bench-api/api-section.ts';
import type { Measured } from '../bench-api/load.ts';
import { WRITES_SECTION_HEADING, type WritesReport, writesSection } from '../bench-api/report.ts';
import { DATA_SAVER_HEADING, dataSaverSection } from '../bench-data-saver/data-saver-section.ts';
import { type Row, SSR_HEADING, markdown as ssrReport, ssrSection } from '../bench-ssr/report.ts';
import { type Cell, LINKS, type Screen, SETTINGS } from '../bench-web/first-content.ts';
import type { LighthouseFigures } from '../bench-web/lighthouse.ts';
import type { Report as WebReport } from '../bench-web/report.ts';
import type { SlowLinkRun } from '../bench-web/slow-link.ts';
import { SUMMARY_HEADING, summarySection } from '../bench-web/summary-section.ts';
import { WEB_HEADING, webSection } from '../bench-web/web-section.ts';
import {
  PERFORMANCE_DOC,
  PERFORMANCE_DOC_MAX_BYTES,
  readSection,
  replaceSection,
  writePerformanceSection,
} from './performance-doc.ts';

const doc = readFileSync(PERFORMANCE_DOC, 'utf8');

// --- bench:api -------------------------------------------------------------------------------

const measured = (
  key: Measured['key'],
  label: string,
  jobs: number,
  rps: number,
  p99: number,
  roundTrips: number | null = null,
): Measured => ({
  key,
  label,
  jobs,
  requests: rps * 10,
  rps,
  p50: Math.round(p99 / 2),
  p99,
  max: p99 * 2,
  errors: 0,
  timeouts: 0,
  non2xx: 0,
  statuses: `200 x ${rps * 10}`,
  wireBytesPerResponse: 2_345,
  sample: null,
  otherCores: 0.05,
  roundTrips,
  load: 1.6,
  instances: 1,
});

const ENDPOINTS: [Measured['key'], string][] = [
  ['first', 'GET /api/jobs (first page)'],
  ['filtered', 'GET /api/jobs?category=professional&region=Ashanti'],
  ['searched', 'GET /api/jobs?q=plumb'],
  ['deep', 'GET /api/jobs?cursor= (a random page deep in the list: mostly not cached)'],
  ['job', 'GET /api/jobs/:id (random id)'],
  ['artists', 'GET /api/artists (first page)'],
  ['apply', 'POST /api/applications'],
];

const atBothSizes = (sizes: number[], rps: number, p99: number, roundTrips: number | null = null) =>
  sizes.flatMap((jobs) =>
    ENDPOINTS.map(([key, label]) => measured(key, label, jobs, rps, p99, roundTrips)),
  );

const profile = (msPerCall: number) => ({
  label: 'employer',
  calls: 100,
  msPerCall,
  steps: [],
  plans: [],
  jsonBytes: 4_000,
  brotliBytes: 900,
});

const employerSize = (jobs: number) => ({
  jobs,
  seedMs: 900,
  employerId: 7,
  firstPage: profile(0.2),
  summary: profile(jobs / 5_000),
  whole: { ms: jobs / 50, jsonBytes: jobs * 700 },
  load: measured(
    'employer',
    "GET /api/jobs?employerId= (an employer's first page)",
    jobs,
    9_000,
    14,
  ),
});

const apiReport: ApiSectionReport = {
  date: '2026-12-07',
  command: 'npm run bench:api -- --retries 2',
  options: { duration: 10, connections: 50, warmup: 1, retries: 2 },
  small: 1_000,
  large: 100_000,
  results: atBothSizes([1_000, 100_000], 10_579, 13),
  employer: { small: employerSize(1_000), large: employerSize(100_000) },
};

const postgresReport: ApiSectionReport = {
  ...apiReport,
  command: 'npm run bench:api -- --postgres --small 10000 --large 1000000 --duration 5',
  small: 10_000,
  large: 1_000_000,
  results: atBothSizes([10_000, 1_000_000], 11_790, 8),
  postgres: {
    copies: [{ url: 'postgres://127.0.0.1/jobs', ms: 60_000, bytes: 2_000_000_000 }],
    results: atBothSizes([10_000, 1_000_000], 9_746, 11, 1),
  },
};

const seed = {
  path: '/tmp/jobs.db',
  spec: { jobs: 100_000, artists: 5_000, employers: 2_000, seekers: 1_000 },
  ms: 30_000,
  activeJobIds: [],
  jobIds: [],
  activeCursors: [],
  applications: 104_674,
  activeJobs: 90_113,
  bytes: 300_000_000,
};

const writesReport: WritesReport = {
  date: '2026-12-07',
  machine: '2 CPUs (nproc 2), AMD EPYC, Node v20.20.2, linux',
  command: 'npm run bench:api -- --postgres --writes-only',
  options: { duration: 10, connections: 50, warmup: 1, retries: 0 },
  seed,
  writes: (['SQLite', 'PostgreSQL'] as const).flatMap((engine) => [
    ...ENDPOINTS.filter(([key]) => ['first', 'filtered', 'job', 'apply'].includes(key)).map(
      ([key, label]) => ({
        engine,
        instances: 1,
        measured: measured(key, label, 100_000, 2_552, 38, engine === 'SQLite' ? null : 12.3),
      }),
    ),
    {
      engine,
      instances: 3,
      measured: measured('apply', 'POST /api/applications', 100_000, 356, 878),
    },
  ]),
  versions: [
    { scheme: 'one row per name', writers: 32, commitsPerSecond: 917, load: 3 },
    { scheme: 'slots', writers: 32, commitsPerSecond: 1_889, load: 3.3 },
    { scheme: 'one row per name', writers: 32, commitsPerSecond: 827, load: 4.1 },
    { scheme: 'slots', writers: 32, commitsPerSecond: 1_830, load: 4.7 },
  ],
};

// --- bench:web -------------------------------------------------------------------------------

const SCREENS: Screen[] = [
  { label: 'Landing `/`', path: '/', selector: 'main h1' },
  { label: '`/jobs` first card', path: '/jobs', selector: 'article' },
  { label: 'Job page', path: '/jobs/1', selector: 'main h1' },
  { label: '`/artists` first card', path: '/artists', selector: 'article' },
  { label: '`/login` form', path: '/login', selector: 'main form' },
  { label: 'Home, signed in', path: '/', selector: 'main h1', as: 'jobSeeker' },
  { label: 'Job seeker dashboard', path: '/dashboard', selector: 'main h1', as: 'jobSeeker' },
  { label: 'Employer dashboard', path: '/dashboard/employer', selector: 'main h1', as: 'employer' },
  { label: 'Artist dashboard', path: '/dashboard/artist', selector: 'main h1', as: 'artist' },
];

/** The five columns of the summary: every setting at 256 kbit/s, English at 400 kbit/s. */
const cells: Cell[] = SCREENS.flatMap((screen, row) =>
  [
    ...SETTINGS.map((setting) => ({ link: LINKS[0], setting })),
    { link: LINKS[1], setting: SETTINGS[0] },
  ].map(({ link, setting }) => ({
    screen,
    link: link as (typeof LINKS)[number],
    setting: setting as (typeof SETTINGS)[number],
    visits: [1, 2, 3, 4, 5].map((run) => ({
      contentMs: 1_700 + row * 100 + run * 10,
      loadMs: 3_500 + row * 400,
      drawn: true,
      htmlBytes: 8_100,
    })),
  })),
);

const lighthousePage = (label: string, path: string, performance: number): LighthouseFigures => ({
  page: { label, path },
  performance,
  performanceRuns: [performance, performance, performance],
  accessibility: 100,
  bestPractices: 100,
  fcpMs: 900,
  lcpMs: 1_400,
  tbtMs: 30,
  cls: 0,
  speedIndexMs: 1_200,
  transferBytes: 60_000,
  lcpElement: null,
  findings: [],
  warnings: [],
  benchmarkIndexes: [1_100],
  chromeVersion: '156.0.0.0',
});

const slowLinkRun = (coldMs: number): SlowLinkRun => ({
  cold: { inPageMs: coldMs, observedMs: coldMs + 200 },
  warm: { inPageMs: 610, observedMs: 800 },
  offline: { inPageMs: 550, observedMs: 700 },
  warmApiMs: 1_300,
  offlineBanner: true,
  coldRequests: [
    { path: '/jobs', startMs: 0, endMs: 900, bytes: 8_300 },
    { path: '/assets/index-abc.css', startMs: 950, endMs: 1_300, bytes: 7_400 },
    { path: '/assets/entry-abc.js', startMs: 950, endMs: 1_400, bytes: 2_100 },
    { path: '/assets/browse-abc.js', startMs: 960, endMs: 1_420, bytes: 1_600 },
    { path: '/assets/job-parts-abc.js', startMs: 970, endMs: 1_450, bytes: 1_200 },
  ],
});

const webReport: WebReport = {
  date: '2026-12-07 14:20 UTC',
  machine: 'nproc 2 (AMD EPYC), Node v20.20.2, Chromium 156.0.0.0',
  load: [1.4, 1.9],
  command: 'npm run bench:web -- --runs 5',
  lighthouseRuns: 3,
  lighthouse: [
    lighthousePage('Home', '/', 99),
    lighthousePage('Jobs', '/jobs', 99),
    lighthousePage('Artists', '/artists', 99),
    lighthousePage('Job detail', '/jobs/1', 98),
  ],
  runs: [1_500, 1_480, 1_530, 1_490, 1_510].map(slowLinkRun),
  failedRuns: [],
  distChanged: false,
  precache: { entries: 57, bytes: 218_000 },
  durationMs: 300_000,
};

// --- bench:ssr and bench:data-saver ----------------------------------------------------------

const ssrRow = (label: string, rps: number, p99: number, docLabel?: string): Row => ({
  label,
  ...(docLabel ? { docLabel } : {}),
  rps,
  p50: Math.round(p99 / 2),
  p99,
  errors: 0,
  non2xx: 0,
  bytesPerResponse: 9_000,
  loadBefore: 1.2,
  loadAfter: 1.8,
});

const ssrRows: Row[] = [
  ssrRow('GET /api/jobs (first page, JSON)', 10_500, 9),
  ssrRow(
    'GET /jobs (first page, rendered)',
    9_245,
    10,
    '`GET /jobs` (first page, drawn, kept in the list cache)',
  ),
  ssrRow('GET /api/jobs/:id (200 ids, JSON)', 9_900, 10),
  ssrRow(
    'GET /jobs/:id (200 ids, rendered, kept until the job changes)',
    8_586,
    11,
    '`GET /jobs/:id` (drawn, kept until the job changes)',
  ),
  ssrRow(
    'GET /artists/:id (200 ids, drawn afresh within the limits, else the shell)',
    2_320,
    97,
    '`GET /artists/:id` (drawn afresh within its limits, else the shell)',
  ),
  ssrRow('GET / (landing page, rendered)', 14_383, 6, '`GET /` (landing page)'),
];
const ssrRun = { jobs: 100_000, duration: 10, connections: 50, met: true };

const session = (cold: number, rest: number) => ({
  steps: [
    { down: cold, up: 9_000 },
    ...Array.from({ length: 8 }, () => ({ down: rest, up: 2_000 })),
  ],
  down: cold + 8 * rest,
  up: 9_000 + 8 * 2_000,
});

// ---------------------------------------------------------------------------------------------

/**
 * Per section, at most 1.5 times its length when the document was cut to a reference (issue 25):
 * room for longer figures, none for a report.
 */
const SECTIONS: { heading: string; budget: number; generate: () => string }[] = [
  {
    heading: SUMMARY_HEADING,
    budget: 2_500,
    generate: () =>
      summarySection({
        command: 'npm run bench:web -- --first-content-only --first-content-runs 5',
        date: '2026-12-07 13:57 UTC',
        minutes: 22,
        load: [5.1, 3.3],
        cores: 2,
        runs: 5,
        cells,
      }),
  },
  { heading: WRITES_SECTION_HEADING, budget: 4_500, generate: () => writesSection(writesReport) },
  {
    heading: '## API (npm run bench:api)',
    budget: 2_150,
    generate: () =>
      apiSection(apiReport, keptPostgresParagraph(readSection(doc, '## API (npm run bench:api)'))),
  },
  {
    heading: '## API (npm run bench:api)',
    budget: 2_150,
    generate: () => apiSection(postgresReport, null),
  },
  { heading: WEB_HEADING, budget: 1_450, generate: () => webSection(webReport) },
  { heading: SSR_HEADING, budget: 1_060, generate: () => ssrSection(ssrRows, ssrRun) },
  {
    heading: DATA_SAVER_HEADING,
    budget: 850,
    generate: () =>
      dataSaverSection({ off: session(244_000, 56_000), on: session(243_000, 4_000) }),
  },
];

/** Its tables, their rows and its "###" parts: what a refreshed section must keep. */
const shape = (section: string) => ({
  tables: section.split('\n').filter((line) => /^\|[-:|]+\|$/.test(line)).length,
  rows: section.split('\n').filter((line) => line.startsWith('| ')).length,
  parts: section.split('\n').filter((line) => line.startsWith('### ')),
});

describe('the sections the benchmarks write into docs/PERFORMANCE.md', () => {
  for (const { heading, budget, generate } of SECTIONS) {
    describe(heading, () => {
      const section = generate();

      it('starts with a heading the document has', () => {
        expect(section.startsWith(`${heading}\n\n`)).toBe(true);
        expect(readSection(doc, heading)).not.toBeNull();
      });

      it('keeps the shape of the section it replaces, within its budget', () => {
        expect(shape(section)).toEqual(shape(readSection(doc, heading) ?? ''));
        expect(Buffer.byteLength(section)).toBeLessThanOrEqual(budget);
      });

      it('replaces its section alone and keeps the document under its limit', () => {
        const dir = mkdtempSync(join(tmpdir(), 'performance-doc-'));
        try {
          const copy = join(dir, 'PERFORMANCE.md');
          writeFileSync(copy, doc);
          writePerformanceSection(heading, section, copy);
          const written = readFileSync(copy, 'utf8');
          expect(Buffer.byteLength(written)).toBeLessThanOrEqual(PERFORMANCE_DOC_MAX_BYTES);
          expect(readSection(written, heading)?.trimEnd()).toBe(section.trimEnd());
          const others = (text: string) =>
            text.split(/\n(?=## )/).filter((part) => !part.startsWith(heading));
          expect(others(written)).toEqual(others(doc));
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      });
    });
  }

  it('all of them written at once keep the document under its limit', () => {
    let text = doc;
    for (const { heading, generate } of SECTIONS) text = replaceSection(text, heading, generate());
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(PERFORMANCE_DOC_MAX_BYTES);
  });

  it('an API run without PostgreSQL keeps the PostgreSQL line the document has', () => {
    const kept = keptPostgresParagraph(readSection(doc, '## API (npm run bench:api)'));
    expect(kept).toMatch(/^On PostgreSQL \(/);
    expect(apiSection(apiReport, kept)).toContain(kept);
    expect(apiSection(postgresReport, kept)).not.toContain(kept);
  });

  it('the full reports go to the terminal, not into the document', () => {
    expect(ssrReport(ssrRows, ssrRun).startsWith('## ')).toBe(false);
  });
});

describe('writePerformanceSection', () => {
  it('refuses a heading the document does not have, and writes nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'performance-doc-'));
    try {
      const copy = join(dir, 'PERFORMANCE.md');
      writeFileSync(copy, doc);
      const heading = '## API on SQLite and PostgreSQL (npm run bench:api -- --postgres)';
      expect(() => writePerformanceSection(heading, `${heading}\n\nFigures.\n`, copy)).toThrow(
        /has no section/,
      );
      expect(readFileSync(copy, 'utf8')).toBe(doc);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a section that would take the document past its limit, and writes nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'performance-doc-'));
    try {
      const copy = join(dir, 'PERFORMANCE.md');
      writeFileSync(copy, doc);
      const long = `${WEB_HEADING}\n\n${'A figure. '.repeat(2_000)}\n`;
      expect(() => writePerformanceSection(WEB_HEADING, long, copy)).toThrow(/at most 20000/);
      expect(readFileSync(copy, 'utf8')).toBe(doc);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a section that does not start with its own heading', () => {
    expect(() => replaceSection(doc, WEB_HEADING, `${SSR_HEADING}\n\nRows.\n`)).toThrow(
      /does not start with its heading/,
    );
  });
});
