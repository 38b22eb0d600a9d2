import { expect, test } from 'vitest';
import { call } from './helpers/escrow-world.ts';
import { signUp, signUpArtist, testAppFor, validJob } from './helpers/test-app.ts';

const t = testAppFor('each');

/** Text with every kind of character free text must lose, and the line breaks it keeps. */
const DIRTY = 'Pay\u202E to\u0000 0244\u2066 123\u0007 456\r\nnow\tplease\u200F';
const CLEAN = 'Pay to 0244 123 456\nnow\tplease';

test('every free-text field loses bidi controls and control characters but keeps line breaks and tabs', async () => {
  const employer = await signUp(t, 'employer');
  const job = await t.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: { cookie: employer.cookie },
    payload: {
      ...validJob,
      title: `Plumber\u202E needed\u0000`,
      description: `${DIRTY} ${validJob.description}`,
      requiredSkills: ['Pipe\u202Efitting'],
    },
  });
  expect(job.statusCode).toBe(201);
  expect(job.json()).toMatchObject({
    title: 'Plumber needed',
    description: `${CLEAN} ${validJob.description}`,
    requiredSkills: ['Pipefitting'],
  });

  // Its text asks for money, so it was held; an operator publishes it to let the test apply.
  expect(job.json().moderation).toBe('held');
  await t.db.updateTable('jobs').set({ moderation: 'published' }).execute();
  const seeker = await signUp(t);
  const application = await t.app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: { cookie: seeker.cookie },
    payload: { jobId: job.json().id, coverLetter: DIRTY },
  });
  expect(application.statusCode).toBe(201);
  expect(application.json().coverLetter).toBe(CLEAN);

  const { artistId } = await signUpArtist(t, { hourly: 10_000 });
  const booking = await call(t, seeker, 'POST', '/api/bookings', {
    artistId,
    eventDate: new Date(t.now().getTime() + 30 * 86_400_000).toISOString(),
    eventDuration: 1,
    eventType: 'Wed\u202Eding',
    venue: `Cape\u202E Coast\u0000 Castle`,
    eventDetails: DIRTY,
    totalAmount: '100.00',
  });
  expect(booking.statusCode).toBe(201);
  expect(booking.json()).toMatchObject({
    eventType: 'Wedding',
    venue: 'Cape Coast Castle',
    eventDetails: CLEAN,
  });
});
