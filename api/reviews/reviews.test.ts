import { expect, test } from 'vitest';
import { REVIEW_MESSAGES, REVIEW_RULES } from '../../contracts/reviews.ts';
import {
  acceptedApplication,
  acceptedBooking,
  bookingParties,
  call,
  DAY,
  escrowWorldForEachTest,
  HOUR,
  requestBooking,
  startPaying,
} from '../../tests/helpers/escrow-world.ts';
import { type SignedInUser, signUp } from '../../tests/helpers/test-app.ts';

const world = escrowWorldForEachTest();

const patch = (who: SignedInUser | null, url: string, payload?: object) =>
  call(world.t, who, 'PATCH', url, payload);

async function expectOk(response: { statusCode: number; body: string }, status = 200) {
  if (response.statusCode !== status) {
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  }
}

/** Pays an accepted engagement from the payer's wallet and approves it on the "handset". */
async function pay(payer: SignedInUser, url: string) {
  const { reference } = await startPaying(world.t, payer, url);
  if (!(await world.sim.approve(reference))) throw new Error('nothing to approve');
}

/** Both sides confirm: escrow releases the money and completes the engagement. */
async function confirmBoth(kind: 'bookings' | 'applications', id: number, sides: SignedInUser[]) {
  for (const side of sides) await expectOk(await world.post(side, `/api/${kind}/${id}/confirm`));
}

/** A booking paid, performed (its event 3 days ahead, 2 hours long) and confirmed by both. */
async function completedBooking() {
  const booking = await acceptedBooking(world.t);
  await pay(booking.client, `/api/bookings/${booking.id}/payment`);
  await world.advance(3 * DAY + 3 * HOUR);
  await confirmBoth('bookings', booking.id, [booking.client, booking.artist]);
  return booking;
}

/** A hired application paid and confirmed by both: completed. */
async function completedApplication() {
  const application = await acceptedApplication(world.t);
  await pay(application.employer, `/api/applications/${application.id}/payment`);
  await confirmBoth('applications', application.id, [application.seeker, application.employer]);
  return application;
}

/** The artist's public profile, as a client sees it (rating, review count ...). */
const artistPage = async (booking: { artistId: number }) =>
  (await world.get(null, `/api/artists/${booking.artistId}`)).json();

const reviewOf = async (who: SignedInUser, list: string, id: number) =>
  (await world.get(who, list)).json().find((item: { id: number }) => item.id === id).review;

test("each side of a completed booking reviews the other once; the artist's rating becomes the mean", async () => {
  const booking = await completedBooking();
  const before = await world.get(null, `/api/artists/${booking.artistId}`);
  expect(before.json()).toMatchObject({ rating: null, reviewCount: 0 });

  const byClient = await world.post(booking.client, '/api/reviews', {
    bookingId: booking.id,
    rating: 4,
    comment: 'Kept the dance floor full all night.',
  });
  expect(byClient.statusCode).toBe(201);
  expect(byClient.json()).toEqual({
    id: expect.any(Number),
    rating: 4,
    comment: 'Kept the dance floor full all night.',
    reviewer: { firstName: 'Ama' },
    side: 'artist',
    createdAt: expect.any(String),
    editedAt: null,
    reply: null,
    counted: true,
    notCountedBecause: null,
    editableUntil: expect.any(String),
  });
  expect(Math.abs(Date.parse(byClient.json().createdAt) - world.t.now().getTime())).toBeLessThan(
    5_000,
  );
  expect(Date.parse(byClient.json().editableUntil) - Date.parse(byClient.json().createdAt)).toBe(
    REVIEW_RULES.editDays * DAY * 1000,
  );
  expect(await artistPage(booking)).toMatchObject({ rating: 4, reviewCount: 1 });

  // The artist reviews the client: it is not the artist's rating.
  const byArtist = await world.post(booking.artist, '/api/reviews', {
    bookingId: booking.id,
    rating: 5,
  });
  expect(byArtist.statusCode).toBe(201);
  expect(byArtist.json()).toMatchObject({
    side: 'client',
    comment: null,
    reviewer: { firstName: 'Kofi' },
  });
  expect(await artistPage(booking)).toMatchObject({ rating: 4, reviewCount: 1 });

  // One per side: a second review of the same booking is refused and changes nothing.
  const again = await world.post(booking.client, '/api/reviews', {
    bookingId: booking.id,
    rating: 1,
  });
  expect(again.statusCode).toBe(409);
  expect(again.json().message).toBe(REVIEW_MESSAGES.duplicate);
  expect((await artistPage(booking)).rating).toBe(4);

  // Each side's card shows what they wrote and what was written about them.
  const clientView = await reviewOf(booking.client, '/api/bookings/client', booking.id);
  expect(clientView).toMatchObject({
    mine: { id: byClient.json().id, rating: 4 },
    theirs: { id: byArtist.json().id, rating: 5 },
  });
  expect(Date.parse(clientView.openUntil) - world.t.now().getTime()).toBeGreaterThan(
    29 * DAY * 1000,
  );
  const artistView = await reviewOf(booking.artist, '/api/bookings/artist', booking.id);
  expect(artistView).toMatchObject({
    mine: { id: byArtist.json().id },
    theirs: { id: byClient.json().id },
  });
});

test('a rating is the mean of all the reviews of the artist, newest listed first and paged', async () => {
  const { artist, artistId } = await bookingParties(world.t);
  const clients = [
    await signUp(world.t, 'employer', { firstName: 'Abena', lastName: 'Ofori' }),
    await signUp(world.t, 'employer', { firstName: 'Yaa', lastName: 'Asante' }),
    await signUp(world.t, 'job_seeker', { firstName: 'Kojo', lastName: 'Badu' }),
  ];
  const ids: number[] = [];
  for (const [index, client] of clients.entries()) {
    const id = await requestBooking(world.t, client, artistId, { daysAhead: 3 + index });
    await expectOk(
      await call(world.t, artist, 'PATCH', `/api/bookings/${id}`, { status: 'accepted' }),
    );
    await pay(client, `/api/bookings/${id}/payment`);
    ids.push(id);
  }
  await world.advance(6 * DAY);
  for (const [index, client] of clients.entries()) {
    const id = ids[index] as number;
    await confirmBoth('bookings', id, [client, artist]);
    await expectOk(
      await world.post(client, '/api/reviews', { bookingId: id, rating: [5, 4, 4][index] }),
      201,
    );
    await world.advance(60);
  }
  // (5 + 4 + 4) / 3 = 4.33: shown to one decimal.
  const shown = (await world.get(null, `/api/artists/${artistId}`)).json();
  expect(shown).toMatchObject({ rating: 4.3, reviewCount: 3 });
  expect(
    (
      await world.t.db
        .selectFrom('artists')
        .select('rating')
        .where('id', '=', artistId)
        .executeTakeFirstOrThrow()
    ).rating,
  ).toBeCloseTo(13 / 3);

  const first = await world.get(null, `/api/artists/${artistId}/reviews?limit=2`);
  expect(first.headers['x-total-count']).toBe('3');
  expect(
    first.json().map((review: { reviewer: { firstName: string } }) => review.reviewer.firstName),
  ).toEqual(['Kojo', 'Yaa']);
  const cursor = String(first.headers['x-next-cursor']);
  const second = await world.get(null, `/api/artists/${artistId}/reviews?limit=2&cursor=${cursor}`);
  expect(
    second.json().map((review: { reviewer: { firstName: string } }) => review.reviewer.firstName),
  ).toEqual(['Abena']);
  expect(second.headers['x-next-cursor']).toBeUndefined();
  expect((await world.get(null, '/api/artists/999999/reviews')).statusCode).toBe(404);
  // The public list names reviewers by first name only.
  expect(first.body).not.toContain('Asante');
});

test('no review without completed work, and only from its two sides', async () => {
  const booking = await acceptedBooking(world.t);
  const review = { bookingId: booking.id, rating: 5 };
  expect((await world.post(null, '/api/reviews', review)).statusCode).toBe(401);
  const early = await world.post(booking.client, '/api/reviews', review);
  expect(early.statusCode).toBe(422);
  expect(early.json().message).toBe(REVIEW_MESSAGES.notCompleted);

  // Paid and performed, confirmed by one side only: still not completed.
  await pay(booking.client, `/api/bookings/${booking.id}/payment`);
  await world.advance(3 * DAY + 3 * HOUR);
  await confirmBoth('bookings', booking.id, [booking.client]);
  expect((await world.post(booking.artist, '/api/reviews', review)).statusCode).toBe(422);

  await confirmBoth('bookings', booking.id, [booking.artist]);
  const stranger = await signUp(world.t, 'employer');
  const refused = await world.post(stranger, '/api/reviews', review);
  expect(refused.statusCode).toBe(403);
  expect(refused.json().message).toBe(REVIEW_MESSAGES.notParty);
  const missing = await world.post(booking.client, '/api/reviews', {
    bookingId: 999_999,
    rating: 5,
  });
  expect(missing.statusCode).toBe(404);
  expect(missing.json().message).toBe(REVIEW_MESSAGES.bookingNotFound);
  const count = await world.t.db
    .selectFrom('reviews')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  expect(Number(count.count)).toBe(0);
});

test('reviews may be left for 30 days after completion, not after', async () => {
  const booking = await completedBooking();
  // Both use the app halfway (a session ends after 30 idle days).
  await world.advance(15 * DAY);
  for (const side of [booking.client, booking.artist])
    await expectOk(await world.get(side, '/api/auth/user'));
  await world.advance(REVIEW_RULES.windowDays * DAY - 15 * DAY - 60);
  await expectOk(
    await world.post(booking.client, '/api/reviews', { bookingId: booking.id, rating: 3 }),
    201,
  );
  await world.advance(120);
  const late = await world.post(booking.artist, '/api/reviews', {
    bookingId: booking.id,
    rating: 3,
  });
  expect(late.statusCode).toBe(422);
  expect(late.json().message).toBe(REVIEW_MESSAGES.windowClosed);
});

test('work completed before completion dates were kept cannot be reviewed', async () => {
  const booking = await completedBooking();
  await world.t.db
    .updateTable('bookings')
    .set({ completed_at: null })
    .where('id', '=', booking.id)
    .execute();
  const refused = await world.post(booking.client, '/api/reviews', {
    bookingId: booking.id,
    rating: 5,
  });
  expect(refused.statusCode).toBe(422);
  expect(refused.json().message).toBe(REVIEW_MESSAGES.windowClosed);
  expect((await reviewOf(booking.client, '/api/bookings/client', booking.id)).openUntil).toBeNull();
});

test('the author may change a review for 7 days, and nobody else may', async () => {
  const booking = await completedBooking();
  const created = await world.post(booking.client, '/api/reviews', {
    bookingId: booking.id,
    rating: 2,
    comment: 'Came late.',
  });
  const id = created.json().id as number;
  await world.advance(3 * DAY);
  const edited = await patch(booking.client, `/api/reviews/${id}`, {
    rating: 4,
    comment: 'Came late, but played brilliantly.',
  });
  expect(edited.statusCode).toBe(200);
  expect(edited.json()).toMatchObject({
    rating: 4,
    comment: 'Came late, but played brilliantly.',
    editedAt: expect.any(String),
    createdAt: created.json().createdAt,
  });
  expect(edited.json().editedAt > created.json().createdAt).toBe(true);
  expect((await artistPage(booking)).rating).toBe(4);

  const byArtist = await patch(booking.artist, `/api/reviews/${id}`, { rating: 5 });
  expect(byArtist.statusCode).toBe(403);
  expect(byArtist.json().message).toBe(REVIEW_MESSAGES.notAuthor);
  expect((await patch(booking.client, '/api/reviews/999999', { rating: 5 })).statusCode).toBe(404);

  await world.advance(4 * DAY + 60);
  const late = await patch(booking.client, `/api/reviews/${id}`, { rating: 1 });
  expect(late.statusCode).toBe(422);
  expect(late.json().message).toBe(REVIEW_MESSAGES.editClosed);
  expect((await artistPage(booking)).rating).toBe(4);
});

test('the reviewed person may reply once; nobody else may', async () => {
  const booking = await completedBooking();
  const id = (
    await world.post(booking.client, '/api/reviews', {
      bookingId: booking.id,
      rating: 5,
      comment: 'Superb.',
    })
  ).json().id as number;
  const byAuthor = await world.post(booking.client, `/api/reviews/${id}/reply`, {
    reply: 'Thanks to me',
  });
  expect(byAuthor.statusCode).toBe(403);
  expect(byAuthor.json().message).toBe(REVIEW_MESSAGES.notSubject);

  const replied = await world.post(booking.artist, `/api/reviews/${id}/reply`, {
    reply: '  Medaase! It was a joy to play for your family.  ',
  });
  expect(replied.statusCode).toBe(200);
  expect(replied.json().reply).toEqual({
    text: 'Medaase! It was a joy to play for your family.',
    createdAt: expect.any(String),
  });
  const twice = await world.post(booking.artist, `/api/reviews/${id}/reply`, {
    reply: 'And again',
  });
  expect(twice.statusCode).toBe(409);
  expect(twice.json().message).toBe(REVIEW_MESSAGES.alreadyReplied);
  const listed = (await world.get(null, `/api/artists/${booking.artistId}/reviews`)).json();
  expect(listed[0].reply.text).toBe('Medaase! It was a joy to play for your family.');
});

test('a completed job: employer and worker review each other; the employer has a rating of their own', async () => {
  const application = await completedApplication();
  // Each side reviews the other: the side reviewed, and who wrote it.
  const sides = [
    [application.employer, 5, 'Finished the wall a day early.', 'worker', 'Kwesi'],
    [application.seeker, 3, 'Paid on time; the site had no water.', 'employer', 'Esi'],
  ] as const;
  for (const [reviewer, rating, comment, side, firstName] of sides) {
    const review = { applicationId: application.id, rating, comment };
    const created = await world.post(reviewer, '/api/reviews', review);
    expect(created.statusCode, side).toBe(201);
    expect(created.json()).toMatchObject({ side, reviewer: { firstName } });
  }

  expect(
    (await world.get(null, `/api/users/${application.employer.id}/reviews/summary`)).json(),
  ).toEqual({
    rating: 3,
    reviewCount: 1,
  });
  const employerReviews = await world.get(null, `/api/users/${application.employer.id}/reviews`);
  expect(employerReviews.headers['x-total-count']).toBe('1');
  expect(employerReviews.json()).toEqual([
    expect.objectContaining({
      rating: 3,
      side: 'employer',
      comment: 'Paid on time; the site had no water.',
    }),
  ]);
  const seekerView = await reviewOf(application.seeker, '/api/applications/user', application.id);
  expect(seekerView).toMatchObject({ mine: { rating: 3 }, theirs: { rating: 5 } });
  const employerView = await reviewOf(
    application.employer,
    `/api/applications/job/${application.jobId}`,
    application.id,
  );
  expect(employerView).toMatchObject({ mine: { rating: 5 }, theirs: { rating: 3 } });

  // Someone with no reviews has no rating, not a made-up one.
  const newcomer = await signUp(world.t, 'employer');
  expect((await world.get(null, `/api/users/${newcomer.id}/reviews/summary`)).json()).toEqual({
    rating: null,
    reviewCount: 0,
  });
  expect((await world.get(null, '/api/users/999999/reviews')).statusCode).toBe(404);
  expect((await world.get(null, '/api/users/999999/reviews/summary')).statusCode).toBe(404);
});

test('bad review input is refused with a clear message and stores nothing', async () => {
  const booking = await completedBooking();
  const cases: [object, string, string][] = [
    [{ rating: 5 }, 'bookingId', REVIEW_MESSAGES.engagement],
    [
      { bookingId: booking.id, applicationId: 1, rating: 5 },
      'bookingId',
      REVIEW_MESSAGES.engagement,
    ],
    [{ bookingId: booking.id, rating: 0 }, 'rating', REVIEW_MESSAGES.rating],
    [{ bookingId: booking.id, rating: 6 }, 'rating', REVIEW_MESSAGES.rating],
    [{ bookingId: booking.id, rating: 4.5 }, 'rating', REVIEW_MESSAGES.rating],
    [{ bookingId: booking.id, rating: '5' }, 'rating', REVIEW_MESSAGES.rating],
    [{ bookingId: booking.id }, 'rating', REVIEW_MESSAGES.rating],
    [
      { bookingId: booking.id, rating: 5, comment: 'x'.repeat(REVIEW_RULES.commentMax + 1) },
      'comment',
      REVIEW_MESSAGES.commentMax,
    ],
    [{ bookingId: 'one', rating: 5 }, 'bookingId', REVIEW_MESSAGES.engagement],
  ];
  for (const [payload, field, message] of cases) {
    const response = await world.post(booking.client, '/api/reviews', payload);
    expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    expect(response.json().errors[field], JSON.stringify(payload)).toBe(message);
  }
  expect(
    (await world.post(booking.artist, `/api/reviews/1/reply`, { reply: '   ' })).statusCode,
  ).toBe(400);
  const count = await world.t.db
    .selectFrom('reviews')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  expect(Number(count.count)).toBe(0);

  // A comment is free text, cleaned like every other: bidi controls go, a blank one is none.
  const cleaned = await world.post(booking.client, '/api/reviews', {
    bookingId: booking.id,
    rating: 5,
    comment: 'Great\u202E DJ\r\nwould book again',
  });
  expect(cleaned.json().comment).toBe('Great DJ\nwould book again');
  const blank = await world.post(booking.artist, '/api/reviews', {
    bookingId: booking.id,
    rating: 5,
    comment: '  \n ',
  });
  expect(blank.json().comment).toBeNull();
});

test('a review sent twice with one Idempotency-Key is written once', async () => {
  const booking = await completedBooking();
  const headers = { 'idempotency-key': 'review-key-0001' };
  const payload = { bookingId: booking.id, rating: 5 };
  const first = await world.post(booking.client, '/api/reviews', payload, headers);
  const replay = await world.post(booking.client, '/api/reviews', payload, headers);
  expect(first.statusCode).toBe(201);
  expect(replay.statusCode).toBe(201);
  expect(replay.json()).toEqual(first.json());
  expect((await artistPage(booking)).reviewCount).toBe(1);
});

test('the cached artist list shows the new rating at once: its ETag changes with the review', async () => {
  const booking = await completedBooking();
  const before = await world.get(null, '/api/artists');
  const card = () => before.json().find((artist: { id: number }) => artist.id === booking.artistId);
  expect(card()).toMatchObject({ rating: null, reviewCount: 0 });
  const etag = String(before.headers.etag);
  expect((await world.get(null, '/api/artists', { 'if-none-match': etag })).statusCode).toBe(304);

  await world.post(booking.client, '/api/reviews', { bookingId: booking.id, rating: 5 });
  const after = await world.get(null, '/api/artists', { 'if-none-match': etag });
  expect(after.statusCode).toBe(200);
  expect(
    after.json().find((artist: { id: number }) => artist.id === booking.artistId),
  ).toMatchObject({
    rating: 5,
    reviewCount: 1,
  });
  // Rated artists come before unrated ones.
  expect(after.json()[0].id).toBe(booking.artistId);
});

test("review writes spend the author's state changes: past 60 in a minute they wait", async () => {
  const booking = await completedBooking();
  // The client has made 60 state changes (decisions, toggles ...) in the last minute.
  const at = world.t.now().toISOString();
  await world.t.db
    .insertInto('user_actions')
    .values(
      Array.from({ length: 60 }, () => ({
        user_id: booking.client.id,
        action: 'state_change',
        created_at: at,
      })),
    )
    .execute();
  const refused = await world.post(booking.client, '/api/reviews', {
    bookingId: booking.id,
    rating: 5,
  });
  expect(refused.statusCode).toBe(429);
  expect(refused.headers['retry-after']).toBeDefined();
  expect((await artistPage(booking)).reviewCount).toBe(0);
  await world.advance(61);
  await expectOk(
    await world.post(booking.client, '/api/reviews', { bookingId: booking.id, rating: 5 }),
    201,
  );
});
