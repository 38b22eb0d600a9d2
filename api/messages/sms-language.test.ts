import { expect, test } from 'vitest';
import {
  latestCode,
  postJob,
  randomPhone,
  signUp,
  testAppFor,
} from '../../tests/helpers/test-app.ts';

const t = testAppFor('each');

async function outbox(phone: string): Promise<string[]> {
  await t.app.notifier.idle();
  const response = await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(phone)}` });
  return response.json<{ body: string }[]>().map((message) => message.body);
}

const sendCode = (phoneNumber: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/send-code',
    headers: cookie ? { cookie } : {},
    payload: { phoneNumber, deliveryMethod: 'sms' },
  });

test("a new number's sign-in code follows the phone's chosen language, else English", async () => {
  const ewe = randomPhone();
  expect((await sendCode(ewe, 'lang=ee')).statusCode).toBe(200);
  const code = await latestCode(t.app, ewe);
  expect(await outbox(ewe)).toContain(
    `Wo Ghana Gigs code enye ${code}. Ewu nu le gafofo 10 me. Megafia ame adeke o.`,
  );
  const unknown = randomPhone();
  await sendCode(unknown, 'lang=fr');
  expect((await outbox(unknown))[0]).toMatch(/^Your Ghana Gigs code is \d{6}\./);
});

test("an account's sign-in code and notifications go in the account's language", async () => {
  const employer = await signUp(t, 'employer');
  const set = await t.app.inject({
    method: 'PUT',
    url: '/api/me/language',
    headers: { cookie: employer.cookie },
    payload: { language: 'gaa' },
  });
  expect(set.statusCode).toBe(200);
  t.advance(120);
  // The account's choice wins over the browser's cookie.
  await sendCode(employer.phone, 'lang=ak');
  const code = await latestCode(t.app, employer.phone);
  expect(await outbox(employer.phone)).toContain(
    `Bo Ghana Gigs code ji ${code}. Ebaafite ye miniti 10 mli. Kaatsoo mo ko.`,
  );

  const job = await postJob(t, employer);
  const seeker = await signUp(t, 'job_seeker', { firstName: 'Kojo', lastName: 'Antwi' });
  await t.app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: { cookie: seeker.cookie },
    payload: { jobId: job.id, coverLetter: 'I have done this work before.' },
  });
  expect(await outbox(employer.phone)).toContainEqual(
    expect.stringMatching(/^Mo hee ko taoo bo nitsumo le: Kojo Antwi\. Kwe: http/),
  );
});
