import type { CompiledQuery, Kysely } from 'kysely';
import { beforeAll, expect, test } from 'vitest';
import { type SignedInUser, signUp, testAppFor, validJob } from '../../tests/helpers/test-app.ts';
import {
  listApplicationsByApplicant,
  listApplicationsForJob,
} from '../applications/applications-repository.ts';
import { listArtists } from '../artists/artists-repository.ts';
import {
  listBookingsByClient,
  listBookingsForArtistUser,
} from '../bookings/bookings-repository.ts';
import type { Database } from '../db/database.ts';
import { engineOf, matchesText, type PlanKind, queryPlan } from '../db/dialect.ts';
import { heldJobs } from '../trust/moderation-repository.ts';
import { JOB_SEARCH, listJobs } from './jobs-repository.ts';

const t = testAppFor('file');
let employer: SignedInUser;

beforeAll(async () => {
  employer = await signUp(t, 'employer');
  const titles = [
    'Plumber for a hotel in Kumasi',
    'Electrician in Tamale',
    'DJ for a wedding in Ho',
    'Accountant, part time, Takoradi',
    'Cleaner for an office in Accra',
  ];
  for (let i = 0; i < 45; i += 1) {
    const title = `${titles[i % titles.length]} #${i}`;
    await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: { cookie: employer.cookie },
      payload: {
        ...validJob,
        title,
        category: i % 5 === 3 ? 'professional' : 'skilled_trades',
        region: i % 2 === 0 ? 'Ashanti' : 'Volta',
        description:
          i === 7 ? 'Needs a "quoted" résumé and 100% commitment, please.' : validJob.description,
      },
    });
    t.advance(150); // two and a half minutes apart: within the posting limits
  }
});

const list = (query: string) => t.app.inject({ url: `/api/jobs${query}` });
const titles = (response: { json(): { title: string }[] }) =>
  response.json().map((job) => job.title);

test('a page is 20 jobs by default, with the full count and a cursor for the next', async () => {
  const first = await list('');
  expect(first.json()).toHaveLength(20);
  expect(first.headers['x-total-count']).toBe('45');
  const cursor = String(first.headers['x-next-cursor']);
  const second = await list(`?cursor=${cursor}`);
  const third = await list(`?cursor=${second.headers['x-next-cursor']}`);
  expect(third.json()).toHaveLength(5);
  expect(third.headers['x-next-cursor']).toBeUndefined();
  const all = [...titles(first), ...titles(second), ...titles(third)];
  expect(new Set(all).size).toBe(45);
  expect(all[0]).toMatch(/#44$/); // newest first
});

test('limit is 1 to 100', async () => {
  expect((await list('?limit=5')).json()).toHaveLength(5);
  expect((await list('?limit=100')).json()).toHaveLength(45);
  for (const bad of ['0', '101', '-1', 'ten']) {
    const response = await list(`?limit=${bad}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.limit).toMatch(/Limit must be/);
  }
  expect((await list('?cursor=not!valid')).statusCode).toBe(400);
  expect((await list(`?cursor=${Buffer.from('["x"]').toString('base64url')}`)).statusCode).toBe(
    400,
  );
});

test('q finds a case-insensitive substring of title or description, combined with filters', async () => {
  const kumasi = await list('?q=kUMAS');
  expect(kumasi.headers['x-total-count']).toBe('9');
  expect(titles(kumasi).every((title) => title.includes('Kumasi'))).toBe(true);
  const inDescription = await list(`?q=${encodeURIComponent('"quoted" résumé')}`);
  expect(titles(inDescription)).toEqual(['DJ for a wedding in Ho #7']);
  const withFilters = await list('?q=kumasi&region=Ashanti&category=skilled_trades');
  expect(withFilters.json().every((job: { region: string }) => job.region === 'Ashanti')).toBe(
    true,
  );
  expect(withFilters.headers['x-total-count']).toBe(String(withFilters.json().length));
  expect((await list('?q=100%25')).json()).toHaveLength(1); // LIKE wildcards are literal
  expect((await list('?q=zzzzqqq')).json()).toEqual([]);
  expect((await list('?q=zzzzqqq')).headers['x-total-count']).toBe('0');
});

test('searches shorter than three characters still work', async () => {
  const response = await list('?q=dj&limit=100');
  expect(response.headers['x-total-count']).toBe('9');
  expect(titles(response).every((title) => title.startsWith('DJ for a wedding'))).toBe(true);
  expect((await list('?q=%25')).json()).toHaveLength(1);
});

test('control characters in a search are spaces: never a 500, never query syntax', async () => {
  for (const q of [
    'Kum\u0000asi',
    '\u0000\u0000\u0000',
    'Kumasi\u0000',
    'a\u0000b\u0000c',
    '\u0000"\u0007*',
  ]) {
    const response = await list(`?q=${encodeURIComponent(q)}`);
    expect(response.statusCode, JSON.stringify(q)).toBe(200);
  }
  // A NUL that ends a word is a space: the rest of the search still finds what it names.
  const kumasi = await list(`?q=${encodeURIComponent('Kumasi\u0000')}`);
  expect(kumasi.headers['x-total-count']).toBe('9');
  expect((await list(`?q=${encodeURIComponent('\u202eKumasi')}`)).headers['x-total-count']).toBe(
    '9',
  );
});

test('editing a job keeps the search index in step', async () => {
  const [job] = (await list('?q=Takoradi&limit=1')).json();
  await t.db
    .updateTable('jobs')
    .set({ title: 'Bookkeeper in Sunyani' })
    .where('id', '=', job.id)
    .execute();
  expect(titles(await list('?q=sunyani'))).toEqual(['Bookkeeper in Sunyani']);
  await t.db.deleteFrom('jobs').where('id', '=', job.id).execute();
  expect((await list('?q=sunyani')).json()).toEqual([]);
});

test("an employer's own list is paged like any other: 20 by default, at most 100", async () => {
  const total = (
    await t.db.selectFrom('jobs').select('id').where('employer_id', '=', employer.id).execute()
  ).length;
  expect(total).toBeGreaterThan(40);
  const first = await list(`?employerId=${employer.id}`);
  expect(first.json()).toHaveLength(20);
  expect(first.headers['x-total-count']).toBe(String(total));
  const seen = first.json<{ id: number }[]>().map((job) => job.id);
  let cursor = first.headers['x-next-cursor'];
  while (typeof cursor === 'string') {
    const next = await list(`?employerId=${employer.id}&cursor=${cursor}`);
    seen.push(...next.json<{ id: number }[]>().map((job) => job.id));
    cursor = next.headers['x-next-cursor'];
  }
  expect(new Set(seen).size).toBe(total);
  expect((await list(`?employerId=${employer.id}&limit=100`)).json()).toHaveLength(total);
  expect((await list(`?employerId=${employer.id}&limit=101`)).statusCode).toBe(400);
});

/**
 * The statements a repository call runs, each with the engine's plan for it (on PostgreSQL with
 * the plan kinds in `avoid` turned off: see queryPlan).
 */
async function plansOf(
  run: (db: Kysely<Database>) => Promise<unknown>,
  avoid: readonly PlanKind[] = ['seqscan', 'sort'],
): Promise<{ sql: string; plan: string }[]> {
  const statements: CompiledQuery[] = [];
  const logged = t.db.withPlugin({
    transformQuery: (args) => {
      statements.push(t.db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  await run(logged);
  return Promise.all(
    statements.map(async (statement) => ({
      sql: statement.sql,
      plan: (await queryPlan(t.db, { compile: () => statement }, { avoid })).join('\n'),
    })),
  );
}

/** The plan of the page query a repository call runs (the one with ORDER BY and LIMIT). */
async function pagePlan(
  run: (db: Kysely<Database>) => Promise<unknown>,
  avoid?: readonly PlanKind[],
): Promise<string> {
  const page = (await plansOf(run, avoid)).find(
    (statement) => /order by/i.test(statement.sql) && /limit/i.test(statement.sql),
  );
  if (!page) throw new Error('no page query ran');
  return page.plan;
}

const postgres = () => engineOf(t.db) === 'postgres';

/**
 * Found through the index and read in its order: no scan of every row, no sort of them. (SQLite:
 * SEARCH ... USING INDEX and no temporary B-tree; PostgreSQL: an index scan and no Sort node,
 * an index on (..., created_at) ending in id there as SQLite's end in the rowid.)
 */
function expectIndexed(plan: string, table: string, index: string) {
  if (postgres()) {
    expect(plan).toMatch(new RegExp(`Index (Only )?Scan (Backward )?using ${index} on ${table}`));
    expect(plan).not.toMatch(/Sort/);
    return;
  }
  expect(plan).toMatch(new RegExp(`SEARCH ${table} USING (COVERING )?INDEX ${index} \\(`));
  expect(plan).not.toMatch(/TEMP B-TREE/);
}

test("the jobs list's own queries use indexes, not scans of every row", async () => {
  expectIndexed(await pagePlan((db) => listJobs(db, {}, {})), 'jobs', 'jobs_listed_created');
  expectIndexed(
    await pagePlan((db) => listJobs(db, { category: 'professional' }, {})),
    'jobs',
    'jobs_listed_category_created',
  );
  expectIndexed(
    await pagePlan((db) => listJobs(db, { region: 'Volta' }, {})),
    'jobs',
    'jobs_listed_region_created',
  );
  if (postgres()) {
    // The search's condition is answered by the trigram indexes. (Which plan the page takes,
    // those indexes or the newest jobs tested one by one, the planner decides from the
    // table's statistics: bench:api measures both engines at a million jobs.)
    const condition = (
      await queryPlan(
        t.db,
        t.db
          .selectFrom('jobs')
          .select('jobs.id')
          .where((eb) => matchesText(t.db, eb, JOB_SEARCH, 'kumasi')),
        { avoid: ['seqscan'] },
      )
    ).join('\n');
    expect(condition).toMatch(/Bitmap Index Scan on jobs_title_trgm/);
    expect(condition).toMatch(/Bitmap Index Scan on jobs_description_trgm/);
  } else {
    const search = await pagePlan((db) => listJobs(db, { q: 'kumasi' }, {}));
    expect(search).toMatch(/jobs_fts VIRTUAL TABLE INDEX/);
    expectIndexed(search, 'jobs', 'jobs_listed_created');
  }
  expectIndexed(
    await pagePlan((db) => listJobs(db, { employerId: employer.id, ownJobs: true }, {})),
    'jobs',
    'jobs_employer_created',
  );
  // One employer's jobs as others see them: open and published only.
  expectIndexed(
    await pagePlan((db) => listJobs(db, { employerId: employer.id }, {})),
    'jobs',
    'jobs_employer_listed_created',
  );
});

test('a count over both filters reads an index alone', async () => {
  // A page of one leaves more behind, so the full count is run.
  const statements = await plansOf((db) =>
    listJobs(db, { category: 'skilled_trades', region: 'Volta' }, { limit: 1 }),
  );
  const count = statements.find((statement) => /^select count\(\*\)/i.test(statement.sql));
  if (!count) throw new Error('no count query ran');
  expect(count.plan).toMatch(
    postgres()
      ? /Index Only Scan using jobs_listed_category_region_created/
      : /COVERING INDEX jobs_listed_category_region_created/,
  );
});

test("the other lists' own queries use their indexes", async () => {
  expectIndexed(
    await pagePlan((db) => listApplicationsForJob(db, 1, 1, {})),
    'applications',
    'applications_job',
  );
  expectIndexed(
    await pagePlan((db) => listApplicationsByApplicant(db, 1, {}, {})),
    'applications',
    'applications_applicant_created',
  );
  const artistBookings = await pagePlan((db) => listBookingsForArtistUser(db, 1, {}, {}, t.now()));
  if (postgres()) {
    // Found by the artist the user is; PostgreSQL then sorts that one artist's bookings.
    expect(artistBookings).toMatch(/Index Scan using bookings_artist_\w+ on bookings/);
  } else {
    expectIndexed(artistBookings, 'bookings', 'bookings_artist_created');
  }
  expectIndexed(
    await pagePlan((db) => listBookingsByClient(db, 1, {})),
    'bookings',
    'bookings_client_created',
  );
  // Published artists are read in rank order straight from the index, up to the page's limit.
  const artists = await pagePlan((db) => listArtists(db, {}, {}));
  if (postgres()) {
    expect(artists).toMatch(/Index Scan using artists_listed_rank on artists/);
    expect(artists).not.toMatch(/Sort/);
  } else {
    expect(artists).toMatch(/SEARCH artists USING INDEX artists_listed_rank \(moderation=\?\)/);
    expect(artists).not.toMatch(/TEMP B-TREE/);
  }
  // One performance type: its artists are found through the index (and then sorted).
  const byType = await pagePlan(
    (db) => listArtists(db, { performanceType: 'DJ' }, {}),
    ['seqscan'],
  );
  expect(byType).toMatch(
    postgres()
      ? /Index (Only )?Scan on artist_performance_types_pk|Index (Only )?Scan using artist_performance_types_pk/
      : /SEARCH artist_performance_types USING (COVERING )?INDEX/,
  );
});

test("the operator's queue of held jobs reads its own index, in order", async () => {
  const [queue] = await plansOf((db) => heldJobs(db));
  expect(queue?.plan).toMatch(
    postgres()
      ? /Index Scan using jobs_moderation_created on jobs/
      : /SEARCH jobs USING INDEX jobs_moderation_created \(moderation=\?\)/,
  );
  expect(queue?.plan).not.toMatch(/TEMP B-TREE|Sort/);
});

test('cached counts follow every change to the jobs table', async () => {
  const before = Number((await list('?limit=5')).headers['x-total-count']);
  await t.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: { cookie: employer.cookie },
    payload: { ...validJob, title: 'Mason for a clinic in Wa' },
  });
  expect(Number((await list('?limit=5')).headers['x-total-count'])).toBe(before + 1);
  await t.db
    .updateTable('jobs')
    .set({ is_active: 0 })
    .where('title', '=', 'Mason for a clinic in Wa')
    .execute();
  expect(Number((await list('?limit=5')).headers['x-total-count'])).toBe(before);
});

test('a deep page seeks the index straight to its key rather than walking down to it', async () => {
  const first = await listJobs(t.db, {}, {});
  const deep = await pagePlan((db) => listJobs(db, {}, { after: first.nextKey ?? undefined }));
  if (postgres()) {
    expect(deep).toMatch(/Index Only Scan Backward using jobs_listed_created/);
    expect(deep).toMatch(/Index Cond: .*ROW\(created_at, id\) < ROW\(/);
    expect(deep).not.toMatch(/Sort/);
  } else {
    expect(deep).toMatch(
      /INDEX jobs_listed_created \(is_active=\? AND moderation=\? AND created_at<\?\)/,
    );
    expect(deep).not.toMatch(/TEMP B-TREE/);
  }
});
