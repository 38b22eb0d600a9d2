import { expect, test } from 'vitest';
import { RESERVED_NAME_MESSAGES } from '../../contracts/reserved-names.ts';
import { numberWithCode } from '../../tests/helpers/sign-in-calls.ts';
import { signUp, testAppFor } from '../../tests/helpers/test-app.ts';

/**
 * The profile a new number signs up with: the spec's messages, names that show something and pass
 * for nobody, and an artist's profile made with the account.
 */
const t = testAppFor('each');

test('sign-up validates the profile with the spec messages', async () => {
  const { verify } = await numberWithCode(t);
  const response = await verify({ firstName: ' ', lastName: '', region: '' });
  expect(response.statusCode).toBe(400);
  expect(response.json().errors).toEqual({
    firstName: 'First name is required',
    lastName: 'Last name is required',
    region: 'Region is required',
  });
  expect(await t.db.selectFrom('users').selectAll().execute()).toHaveLength(0);
});

test('names made only of invisible characters are refused; bidi controls are stripped', async () => {
  const { verify } = await numberWithCode(t);
  const invisible = await verify({
    firstName: '\u200b\u200d\u2060',
    lastName: '\u3164\u202e\u00ad\ufeff',
    region: 'Volta',
  });
  expect(invisible.statusCode).toBe(400);
  expect(invisible.json().errors).toEqual({
    firstName: 'First name is required',
    lastName: 'Last name is required',
  });
  expect(await t.db.selectFrom('users').selectAll().execute()).toHaveLength(0);

  // "\u202eusuwO" would show as "Owusu" reversed into whatever follows it.
  const created = await verify({
    firstName: '\u202eAma\u202c',
    lastName: 'Ow\u2066usu\u0000 \n Junior',
    role: 'artist',
    region: 'Volta',
  });
  expect(created.statusCode).toBe(201);
  expect(created.json().user).toMatchObject({ firstName: 'Ama', lastName: 'Owusu Junior' });
  const artist = await t.db.selectFrom('artists').select('stage_name').executeTakeFirstOrThrow();
  expect(artist.stage_name).toBe('Ama Owusu Junior');
});

test('a name that passes for Ghana Gigs or a network is refused at sign-up: each name, and both together', async () => {
  const { verify } = await numberWithCode(t);
  for (const [firstName, lastName, errors] of [
    ['MTN', 'Mensah', { firstName: RESERVED_NAME_MESSAGES.reserved }],
    ['Kofi', 'Gh\u0430na Gigs', { lastName: RESERVED_NAME_MESSAGES.reserved }],
    ['M0M0', 'Official', { firstName: RESERVED_NAME_MESSAGES.reserved }],
    // Each alone is a name; together they read "Ghana Gigs Support" in an SMS.
    ['Ghana', 'Gigs Support', { lastName: RESERVED_NAME_MESSAGES.reserved }],
    ['Telecel', 'Admin', { firstName: RESERVED_NAME_MESSAGES.reserved }],
  ] as const) {
    const refused = await verify({ firstName, lastName, region: 'Volta' });
    expect(refused.statusCode, `${firstName} ${lastName}`).toBe(400);
    expect(refused.json().errors).toEqual(errors);
  }
  expect(await t.db.selectFrom('users').selectAll().execute()).toHaveLength(0);
  // Admin is someone's name when no brand stands beside it.
  const created = await verify({ firstName: 'Kofi', lastName: 'Admin', region: 'Volta' });
  expect(created.statusCode).toBe(201);
});

test('a name needs a letter or digit; format, private-use and unassigned characters are removed', async () => {
  const { verify } = await numberWithCode(t);
  for (const [firstName, lastName] of [
    ['\ufff9\ufffa\ufffb', '\u{13430}\u{13431}'], // annotation and hieroglyph format marks
    ['\ue000\u{f0000}', '\uffff\u0378'], // private use; unassigned
    ['\u2800\u0301', '\u{1f1ec}\u{1f1ed} ***'], // a blank, a lone accent; a flag and stars
  ]) {
    const refused = await verify({ firstName, lastName, region: 'Volta' });
    expect(refused.statusCode, JSON.stringify([firstName, lastName])).toBe(400);
    expect(refused.json().errors).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  }
  expect(await t.db.selectFrom('users').selectAll().execute()).toHaveLength(0);
  const created = await verify({
    firstName: 'A\ufff9ma\ue000',
    lastName: 'Ow\uffffusu 2',
    region: 'Volta',
  });
  expect(created.statusCode).toBe(201);
  expect(created.json().user).toMatchObject({ firstName: 'Ama', lastName: 'Owusu 2' });
});

test('an artist sign-up also creates the artist profile', async () => {
  const artist = await signUp(t, 'artist', {
    firstName: 'Efua',
    lastName: 'Asante',
    region: 'Central',
  });
  const row = await t.db
    .selectFrom('artists')
    .selectAll()
    .where('user_id', '=', artist.id)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ stage_name: 'Efua Asante', region: 'Central' });
});
