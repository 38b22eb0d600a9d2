import type { KyselyPlugin } from 'kysely';
import { afterEach, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { DATABASE_TIMEOUT_MS, HEALTH_PATH } from './routes.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Counts the app's queries, and holds each answer back by `delayMs` once asked to. */
function watchedDatabase() {
  const watch = { queries: 0, delayMs: 0 };
  return {
    watch,
    plugin: {
      transformQuery: (args) => {
        watch.queries += 1;
        return args.node;
      },
      transformResult: async (args) => {
        if (watch.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, watch.delayMs));
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
  watch.delayMs = DATABASE_TIMEOUT_MS + 500;
  const startedAt = performance.now();
  const answer = await t.app.inject({ url: HEALTH_PATH });
  expect(answer.statusCode).toBe(503);
  expect(answer.json()).toEqual({
    status: 'unavailable',
    message: 'The database did not answer within 2 s',
  });
  expect(performance.now() - startedAt).toBeLessThan(DATABASE_TIMEOUT_MS + 400);
  watch.delayMs = 0;
  // Let the slow query finish before the database is closed.
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect((await t.app.inject({ url: HEALTH_PATH })).statusCode).toBe(200);
});
