import { expect, test } from 'vitest';
import {
  bookingParties,
  call,
  DAY,
  escrowWorldForEachTest,
  HOUR,
  startPaying,
} from '../../tests/helpers/escrow-world.ts';
import { type SignedInUser, signUp, signUpArtist } from '../../tests/helpers/test-app.ts';

/**
 * What counts toward a rating, a review count, the "Paid through Ghana Gigs" badge and the rank
 * of the artist lists: paid work of at least GHS 50.00, and one voice per payer. Through the
 * real app, escrow and all, as the outside probe bought its ratings.
 */

const world = escrowWorldForEachTest();

async function expectStatus(response: { statusCode: number; body: string }, status: number) {
  if (response.statusCode !== status) {
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  }
}

/**
 * A booking of the artist by `client` at the artist's event rate, `daysAhead` days ahead:
 * requested, accepted, paid, performed and confirmed by both, so its escrow is released.
 */
async function completedBooking(
  artist: SignedInUser,
  artistId: number,
  client: SignedInUser,
  {
    daysAhead,
    total,
    rateType = 'event',
    hours = 2,
  }: {
    daysAhead: number;
    total: string;
    rateType?: 'event' | 'hourly';
    hours?: number;
  },
): Promise<number> {
  const eventDate = new Date(world.t.now().getTime() + daysAhead * DAY * 1000);
  eventDate.setUTCMinutes(0, 0, 0);
  const requested = await world.post(client, '/api/bookings', {
    artistId,
    eventDate: eventDate.toISOString(),
    eventDuration: hours,
    venue: 'Labadi Beach Hotel',
    totalAmount: total,
    rateType,
  });
  await expectStatus(requested, 201);
  const id = requested.json().id as number;
  await expectStatus(
    await call(world.t, artist, 'PATCH', `/api/bookings/${id}`, { status: 'accepted' }),
    200,
  );
  const { reference } = await startPaying(world.t, client, `/api/bookings/${id}/payment`);
  if (!(await world.sim.approve(reference))) throw new Error('nothing to approve');
  await world.advance(daysAhead * DAY + hours * HOUR + HOUR);
  for (const side of [client, artist]) {
    await expectStatus(await world.post(side, `/api/bookings/${id}/confirm`), 200);
  }
  return id;
}

const listedIds = async () =>
  (await world.get(null, '/api/artists?limit=100'))
    .json<{ id: number }[]>()
    .map((artist) => artist.id);

test('ratings and the paid-gigs badge cannot be bought for a pesewa: the probe, replayed', async () => {
  // An artist whose rates were set to a pesewa before the floors (the row as the probe left it).
  const cheat = await signUpArtist(world.t, { hourly: 1, event: 1 }, { firstName: 'Yaw' });
  // An honest artist with one real gig reviewed 4 stars.
  const honest = await bookingParties(world.t);
  const realClient = await signUp(world.t, 'employer', { firstName: 'Esi', lastName: 'Ofori' });
  const real = await completedBooking(honest.artist, honest.artistId, realClient, {
    daysAhead: 2,
    total: '300.00',
    rateType: 'hourly',
  });
  await expectStatus(
    await world.post(realClient, '/api/reviews', { bookingId: real, rating: 4 }),
    201,
  );

  // Below its floors, the cheat is not listed; its own page still opens.
  expect(await listedIds()).not.toContain(cheat.artistId);
  expect((await world.get(null, `/api/artists/${cheat.artistId}`)).statusCode).toBe(200);

  // Three throwaway clients each book, pay GHS 0.01, confirm and leave 5 stars.
  const throwaways: SignedInUser[] = [];
  for (const [index, name] of ['Ato', 'Kobby', 'Fiifi'].entries()) {
    const client = await signUp(world.t, 'employer', { firstName: name, lastName: 'Bentil' });
    throwaways.push(client);
    const id = await completedBooking(cheat, cheat.artistId, client, {
      daysAhead: 1 + index,
      total: '0.01',
    });
    await expectStatus(await world.post(client, '/api/reviews', { bookingId: id, rating: 5 }), 201);
  }
  // Nothing of it counts: no rating, no review count, no paid gigs ...
  const page = (await world.get(null, `/api/artists/${cheat.artistId}`)).json();
  expect(page).toMatchObject({ rating: null, reviewCount: 0, paidGigs: 0 });
  expect((await world.get(null, `/api/users/${cheat.id}/reviews/summary`)).json()).toEqual({
    rating: null,
    reviewCount: 0,
  });
  // ... but the reviews are shown, each marked as not counted and why.
  const reviews = await world.get(null, `/api/artists/${cheat.artistId}/reviews`);
  expect(reviews.headers['x-total-count']).toBe('3');
  expect(reviews.json()).toEqual(
    Array.from({ length: 3 }, () =>
      expect.objectContaining({
        rating: 5,
        counted: false,
        notCountedBecause: 'paid_under_minimum',
      }),
    ),
  );
  // Once the cheat edits the rates to valid ones it is listed again, ranked by what counts:
  // below the honest artist's one real 4-star review.
  const edited = await call(world.t, cheat, 'PUT', '/api/artists/me', {
    stageName: 'Yaw Beats',
    bio: null,
    performanceTypes: ['DJ'],
    region: 'Ashanti',
    hourlyRate: '5.00',
    eventRate: '20.00',
  });
  await expectStatus(edited, 200);
  const ranked = await listedIds();
  expect(ranked.indexOf(honest.artistId)).toBeGreaterThanOrEqual(0);
  expect(ranked.indexOf(honest.artistId)).toBeLessThan(ranked.indexOf(cheat.artistId));
  expect((await world.get(null, `/api/artists/${honest.artistId}`)).json()).toMatchObject({
    rating: 4,
    reviewCount: 1,
    paidGigs: 1,
  });
  // The clients' pesewa gigs count toward no badge of theirs either.
  for (const client of throwaways) {
    expect((await world.get(null, `/api/employers/${client.id}`)).json().paidGigs).toBe(0);
  }
});

test('work paid exactly GHS 50.00 counts; GHS 49.99 does not, and shows so', async () => {
  const artist = await signUpArtist(world.t, { event: 4999 }, { firstName: 'Kweku' });
  const clients = [
    await signUp(world.t, 'employer', { firstName: 'Ama', lastName: 'Boateng' }),
    await signUp(world.t, 'employer', { firstName: 'Akos', lastName: 'Boateng' }),
  ];
  const under = await completedBooking(artist, artist.artistId, clients[0] as SignedInUser, {
    daysAhead: 1,
    total: '49.99',
  });
  await expectStatus(
    await world.post(clients[0] as SignedInUser, '/api/reviews', { bookingId: under, rating: 5 }),
    201,
  );
  await world.t.db
    .updateTable('artists')
    .set({ event_rate_pesewas: 5000 })
    .where('id', '=', artist.artistId)
    .execute();
  const exact = await completedBooking(artist, artist.artistId, clients[1] as SignedInUser, {
    daysAhead: 1,
    total: '50.00',
  });
  const review = await world.post(clients[1] as SignedInUser, '/api/reviews', {
    bookingId: exact,
    rating: 3,
  });
  await expectStatus(review, 201);
  expect(review.json()).toMatchObject({ counted: true, notCountedBecause: null });
  expect((await world.get(null, `/api/artists/${artist.artistId}`)).json()).toMatchObject({
    rating: 3,
    reviewCount: 1,
    paidGigs: 1,
  });
  // Each side sees on the card of its work whether its review counts.
  const mine = (await world.get(clients[0] as SignedInUser, '/api/bookings/client')).json();
  expect(mine[0].review.mine).toMatchObject({
    counted: false,
    notCountedBecause: 'paid_under_minimum',
  });
  const employer = (await world.get(null, `/api/employers/${clients[1]?.id}`)).json();
  expect(employer.paidGigs).toBe(1);
  expect((await world.get(null, `/api/employers/${clients[0]?.id}`)).json().paidGigs).toBe(0);
});

test("a payer's reviews of one artist count once in the rating: their latest", async () => {
  const { artist, artistId } = await bookingParties(world.t);
  const loyal = await signUp(world.t, 'employer', { firstName: 'Kofi', lastName: 'Mensah' });
  const other = await signUp(world.t, 'employer', { firstName: 'Efua', lastName: 'Asante' });
  const byLoyal: number[] = [];
  for (const stars of [5, 5, 2]) {
    const id = await completedBooking(artist, artistId, loyal, {
      daysAhead: 1,
      total: '300.00',
      rateType: 'hourly',
    });
    const review = await world.post(loyal, '/api/reviews', { bookingId: id, rating: stars });
    await expectStatus(review, 201);
    byLoyal.push(review.json().id);
    await world.advance(60);
  }
  // One voice: the latest (2 stars), not the mean of 5, 5 and 2.
  expect((await world.get(null, `/api/artists/${artistId}`)).json()).toMatchObject({
    rating: 2,
    reviewCount: 1,
    paidGigs: 3,
  });
  const id = await completedBooking(artist, artistId, other, {
    daysAhead: 1,
    total: '300.00',
    rateType: 'hourly',
  });
  await expectStatus(await world.post(other, '/api/reviews', { bookingId: id, rating: 4 }), 201);
  expect((await world.get(null, `/api/artists/${artistId}`)).json()).toMatchObject({
    rating: 3,
    reviewCount: 2,
    paidGigs: 4,
  });
  const shown = (await world.get(null, `/api/artists/${artistId}/reviews`)).json() as {
    id: number;
    counted: boolean;
    notCountedBecause: string | null;
  }[];
  expect(shown.map((review) => [review.id, review.counted, review.notCountedBecause])).toEqual([
    [expect.any(Number), true, null],
    [byLoyal[2], true, null],
    [byLoyal[1], false, 'later_review'],
    [byLoyal[0], false, 'later_review'],
  ]);
  // Changing the latest review moves the rating; an earlier one changes nothing.
  await expectStatus(
    await call(world.t, loyal, 'PATCH', `/api/reviews/${byLoyal[0]}`, { rating: 1 }),
    200,
  );
  expect((await world.get(null, `/api/artists/${artistId}`)).json().rating).toBe(3);
  await expectStatus(
    await call(world.t, loyal, 'PATCH', `/api/reviews/${byLoyal[2]}`, { rating: 4 }),
    200,
  );
  expect((await world.get(null, `/api/artists/${artistId}`)).json().rating).toBe(4);
});
