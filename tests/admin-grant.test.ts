import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { PHONE_MESSAGE } from '../contracts/sign-in.ts';
import { REPO_ROOT } from '../scripts/lib/server-process.ts';
import { databaseEnv, signUp, testAppFor } from './helpers/test-app.ts';

/** npm run admin:grant, run as an operator runs it, on the database the server uses. */
const t = testAppFor('each');

function grant(args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/admin-grant.ts', ...args],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...databaseEnv(t), NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    },
  );
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

const queue = (cookie: string) => t.app.inject({ url: '/api/admin/queue', headers: { cookie } });

test('admin:grant makes a signed-up person an operator at once, and --revoke takes it back', async () => {
  const person = await signUp(t, 'employer', { firstName: 'Efua', lastName: 'Sarpong' });
  expect((await queue(person.cookie)).statusCode).toBe(403);

  const granted = grant([person.phone]);
  expect(granted).toMatchObject({ status: 0, stderr: '' });
  expect(granted.stdout).toBe(
    `Efua Sarpong (${person.phone}) is now an operator: they see /admin on their next page load.`,
  );
  expect((await queue(person.cookie)).statusCode).toBe(200);
  const user = await t.app.inject({ url: '/api/auth/user', headers: { cookie: person.cookie } });
  expect(user.json().isAdmin).toBe(true);

  expect(grant([person.phone, '--revoke']).stdout).toBe(
    `Efua Sarpong (${person.phone}) is no longer an operator.`,
  );
  expect((await queue(person.cookie)).statusCode).toBe(403);
}, 60_000);

test('admin:grant refuses a malformed number and one nobody signed up with', async () => {
  const malformed = grant(['0241000001']);
  expect(malformed.status).toBe(2);
  expect(malformed.stderr).toContain(PHONE_MESSAGE);
  expect(grant([]).status).toBe(2);
  const unknown = grant(['+233209999111']);
  expect(unknown.status).toBe(1);
  expect(unknown.stderr).toBe('No one has signed up with +233209999111: they sign up first.');
  expect(await t.db.selectFrom('users').select('id').where('is_admin', '=', 1).execute()).toEqual(
    [],
  );
}, 60_000);
