import { expect, test } from 'vitest';
import { LANGUAGE_MESSAGE } from '../../contracts/languages.ts';
import { signUp, storedLanguageOf, testAppFor } from '../../tests/helpers/test-app.ts';

const t = testAppFor('each');

const putLanguage = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/me/language',
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });

test('an account remembers its language; a new account has none (English)', async () => {
  const ama = await signUp(t, 'job_seeker');
  const before = await t.app.inject({ url: '/api/auth/user', headers: { cookie: ama.cookie } });
  expect(before.json().language).toBeNull();

  const saved = await putLanguage(ama.cookie, { language: 'ak' });
  expect(saved.statusCode).toBe(200);
  expect(saved.json()).toMatchObject({ id: ama.id, language: 'ak' });
  const after = await t.app.inject({ url: '/api/auth/user', headers: { cookie: ama.cookie } });
  expect(after.json().language).toBe('ak');
});

test('a language the app does not speak is refused with a clear message and changes nothing', async () => {
  const ama = await signUp(t, 'employer');
  await putLanguage(ama.cookie, { language: 'ee' });
  for (const payload of [{ language: 'fr' }, { language: '' }, {}, { language: 'AK' }]) {
    const response = await putLanguage(ama.cookie, payload);
    expect(response.statusCode).toBe(400);
    if ('language' in payload && payload.language !== 'ee') {
      expect(response.json().message).toContain(LANGUAGE_MESSAGE);
    }
  }
  expect(await storedLanguageOf(t, ama.id)).toBe('ee');
});

test('only a signed-in person sets a language', async () => {
  expect((await putLanguage(undefined, { language: 'ak' })).statusCode).toBe(401);
});
