import type { KyselyPlugin } from 'kysely';
import { afterEach, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { DATABASE_TIMEOUT_MS, HEALTH_PATH } from './routes.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Counts the app's queries, and holds every answer back while `held` is pending. */
function watchedDatabase() {
  const watch: { queries: number; held: Promise<void> | null } = { queries: 0, held: null };
  return {
    watch,
    plugin: {
      transformQuery: (args) => {
        watch.queries += 1;
        return args.node;
      },
      transformResult: async (args) => {
        if (watch.held) await watch.held;
        return args.result;
      },
    } satisfies KyselyPlugin,
  };
}

test('a healthy instance answers 200 { status: ok } to anyone, as often as asked, with one query each', async () => {
  const { watch, plugin } = watchedDatabase();
  t = await createTestApp({ dbPlugins: [plugin] });
  await t.app.ready();
  const before = watch.queries;
  for (let index = 0; index < 50; index++) {
    const answer = await t.app.inject({ url: HEALTH_PATH });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok' });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['set-cookie']).toBeUndefined();
  }
  expect(watch.queries - before).toBe(50);
});

test('an instance whose database does not answer says 503 with a short reason, and no internals', async () => {
  const lines: string[] = [];
  t = await createTestApp({
    config: { logLevel: 'error' },
    logStream: { write: (line) => lines.push(line) },
  });
  await t.db.destroy();
  const answer = await t.app.inject({ url: HEALTH_PATH });
  expect(answer.statusCode).toBe(503);
  expect(answer.json()).toEqual({
    status: 'unavailable',
    message: 'The database is not answering',
  });
  expect(answer.headers['cache-control']).toBe('no-store');
  // The operator finds the error itself in the log, once, however often the checker asks.
  await t.app.inject({ url: HEALTH_PATH });
  const alerts = lines.filter((line) => line.includes('"alert":"health-database"'));
  expect(alerts).toHaveLength(1);
  expect(alerts[0]).toContain('destroyed');
});

test('a database slower than the limit is as good as down', async () => {
  const { watch, plugin } = watchedDatabase();
  t = await createTestApp({ dbPlugins: [plugin] });
  await t.app.ready();
  let release = () => {};
  watch.held = new Promise((resolve) => {
    release = resolve;
  });
  const startedAt = performance.now();
  const answer = await t.app.inject({ url: HEALTH_PATH });
  expect(answer.statusCode).toBe(503);
  expect(answer.json()).toEqual({
    status: 'unavailable',
    message: 'The database did not answer within 2 s',
  });
  // Answered at the limit, not when the query at last comes back (here: never, until released).
  const waited = performance.now() - startedAt;
  expect(waited).toBeGreaterThanOrEqual(DATABASE_TIMEOUT_MS - 50);
  expect(waited).toBeLessThan(DATABASE_TIMEOUT_MS + 2_000);
  release();
  watch.held = null;
  expect((await t.app.inject({ url: HEALTH_PATH })).statusCode).toBe(200);
});
