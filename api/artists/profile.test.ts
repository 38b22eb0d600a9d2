import sharp from 'sharp';
import { beforeEach, expect, test } from 'vitest';
import { ARTIST_MESSAGES } from '../../contracts/artists.ts';
import { PRICE_FLOOR_MESSAGES } from '../../contracts/money.ts';
import { RESERVED_NAME_MESSAGES } from '../../contracts/reserved-names.ts';
import {
  expectFieldErrors,
  listing,
  type SignedInUser,
  signUp,
  testAppFor,
} from '../../tests/helpers/test-app.ts';

const t = testAppFor('each');
let artist: SignedInUser;
beforeEach(async () => {
  artist = await signUp(t, 'artist', { firstName: 'Ebo', lastName: 'Taylor', region: 'Central' });
});

const profile = {
  stageName: 'Ebo Taylor Band',
  bio: 'Highlife legends from Cape Coast.',
  performanceTypes: ['Band', 'Musician', 'Band'],
  region: 'Central',
  hourlyRate: '300',
  eventRate: 2500,
};
const day = (offset: number) =>
  new Date(t.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);

/** The artist's own profile, as their edit screen reads it. */
const myProfile = () =>
  t.app.inject({ url: '/api/artists/me', headers: { cookie: artist.cookie } });

/** Saves `payload` as the profile of `who` (the artist unless told; signed out when null). */
const saveProfile = (payload: object, who: SignedInUser | null = artist) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/artists/me',
    headers: who ? { cookie: who.cookie } : {},
    payload,
  });

/** Replaces the artist's upcoming dates with `entries`. */
const putAvailability = (entries: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/artists/me/availability',
    headers: { cookie: artist.cookie },
    payload: { entries },
  });

/** Uploads `payload` to the artist's portfolio, sent as `contentType`. */
const uploadPicture = (payload: Buffer | string, contentType: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/artists/me/portfolio',
    headers: { cookie: artist.cookie, 'content-type': contentType },
    payload,
  });

/** Removes picture `id` from the artist's portfolio. */
const removePicture = (id: number) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/artists/me/portfolio/${id}`,
    headers: { cookie: artist.cookie },
  });

test('an artist edits the profile and clients see it, bookable from then on', async () => {
  const me = await myProfile();
  expect(me.json()).toMatchObject({ stageName: 'Ebo Taylor', hourlyRate: null, eventRate: null });
  const saved = await saveProfile(profile);
  expect(saved.statusCode).toBe(200);
  expect(saved.json()).toMatchObject({
    stageName: 'Ebo Taylor Band',
    performanceTypes: ['Band', 'Musician'],
    hourlyRate: '300.00',
    eventRate: '2500.00',
  });
  const client = await signUp(t);
  const booking = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: client.cookie },
    payload: {
      artistId: me.json().id,
      eventDate: `${day(30)}T18:00:00.000Z`,
      eventDuration: 2,
      venue: 'Cape Coast Castle',
      totalAmount: '600.00',
      rateType: 'hourly',
    },
  });
  expect(booking.statusCode).toBe(201);
});

test('profile edits are validated and only for artists', async () => {
  const bad = await saveProfile({
    ...profile,
    stageName: ' ',
    performanceTypes: [],
    hourlyRate: '-4',
  });
  expectFieldErrors(bad, {
    stageName: ARTIST_MESSAGES.stageName,
    performanceTypes: ARTIST_MESSAGES.performanceTypes,
    hourlyRate: ARTIST_MESSAGES.rate,
  });
  const invisible = await saveProfile({ ...profile, stageName: '\u200b\u2800\u3164' });
  expectFieldErrors(invisible, { stageName: ARTIST_MESSAGES.stageName });
  const reordered = await saveProfile({ ...profile, stageName: 'DJ \u202eAkwaaba\u202c' });
  expect(reordered.json().stageName).toBe('DJ Akwaaba');
  // A stage name may not pass for us or a network, however it is spelled.
  for (const stageName of ['M0M0 Official', 'DJ MTN', 'Gh\u0430na Gigs Band', 'Paystack Live']) {
    const posing = await saveProfile({ ...profile, stageName });
    expect(posing.statusCode, stageName).toBe(400);
    expect(posing.json().errors).toEqual({ stageName: RESERVED_NAME_MESSAGES.reserved });
  }
  const seeker = await signUp(t, 'job_seeker');
  const notArtist = await saveProfile(profile, seeker);
  expect(notArtist.statusCode).toBe(403);
  expect((await saveProfile(profile, null)).statusCode).toBe(401);
});

test('availability replaces the upcoming dates and refuses past, impossible and far-off ones', async () => {
  const saved = await putAvailability([
    { date: day(9), timeSlot: '18:00 - 23:00' },
    { date: day(3), timeSlot: '' },
  ]);
  expect(saved.statusCode).toBe(200);
  expect(saved.json()).toEqual([
    { date: day(3), timeSlot: null },
    { date: day(9), timeSlot: '18:00 - 23:00' },
  ]);
  expect((await putAvailability([{ date: day(4), timeSlot: null }])).json()).toEqual([
    { date: day(4), timeSlot: null },
  ]);
  const past = await putAvailability([{ date: day(-2), timeSlot: null }]);
  expectFieldErrors(past, { entries: ARTIST_MESSAGES.availabilityDate });
  for (const far of [day(365 * 2 + 2), '9999-12-31']) {
    const refused = await putAvailability([{ date: far, timeSlot: null }]);
    expect(refused.statusCode, far).toBe(400);
    expect(refused.json().errors).toEqual({ entries: ARTIST_MESSAGES.availabilityWindow });
  }
  const impossible = await putAvailability([
    { date: `${t.now().getUTCFullYear() + 1}-02-30`, timeSlot: null },
  ]);
  expect(impossible.statusCode).toBe(400);
  expect(impossible.json().message).toBe(ARTIST_MESSAGES.availabilityDate);
  expect((await putAvailability([{ date: day(700), timeSlot: null }])).statusCode).toBe(200);
  const badSlot = await putAvailability([{ date: day(2), timeSlot: 'evening' }]);
  expect(badSlot.statusCode).toBe(400);
  expect(badSlot.json().message).toBe(ARTIST_MESSAGES.timeSlot);
});

test('availability refuses a date listed twice and a time slot that ends before it starts', async () => {
  expect((await putAvailability([{ date: day(5), timeSlot: '18:00 - 23:00' }])).statusCode).toBe(
    200,
  );
  const refusals: [unknown, string][] = [
    [[{ date: day(3) }, { date: day(3) }], ARTIST_MESSAGES.repeatedDate(day(3))],
    [
      [
        { date: day(3), timeSlot: '10:00 - 12:00' },
        { date: day(4), timeSlot: null },
        { date: day(3), timeSlot: '14:00 - 16:00' },
      ],
      ARTIST_MESSAGES.repeatedDate(day(3)),
    ],
    [[{ date: day(3), timeSlot: '10:00 - 09:00' }], ARTIST_MESSAGES.timeSlotOrder],
    [[{ date: day(3), timeSlot: '10:00 - 10:00' }], ARTIST_MESSAGES.timeSlotOrder],
    [[{ date: day(3), timeSlot: '24:00 - 25:00' }], ARTIST_MESSAGES.timeSlot],
    [[{ date: day(3), timeSlot: '9:00-10:00' }], ARTIST_MESSAGES.timeSlot],
    [[{ date: day(3), timeSlot: 42 }], ARTIST_MESSAGES.timeSlot],
    [[{ timeSlot: '10:00 - 12:00' }], ARTIST_MESSAGES.availabilityDate],
    ['tomorrow', ARTIST_MESSAGES.availabilityList],
  ];
  for (const [entries, message] of refusals) {
    const refused = await putAvailability(entries);
    expect(refused.statusCode, JSON.stringify(entries)).toBe(400);
    expect(refused.json(), JSON.stringify(entries)).toEqual({
      message,
      errors: { entries: message },
    });
  }
  // Nothing changed.
  const kept = await myProfile();
  const { id } = kept.json();
  const listed = await t.app.inject({ url: `/api/artists/${id}/availability` });
  expect(listed.json()).toEqual([{ date: day(5), timeSlot: '18:00 - 23:00' }]);
});

test('bidi controls and control characters are stripped from the bio; line breaks and tabs stay', async () => {
  const saved = await saveProfile({
    ...profile,
    bio: 'Highlife\u202E legends\u0000 from\r\nCape\tCoast\u0007.\u2066',
  });
  expect(saved.statusCode).toBe(200);
  expect(saved.json().bio).toBe('Highlife legends from\nCape\tCoast.');
});

test('portfolio uploads are checked, shrunk to WebP and served by us', async () => {
  const big = await sharp({
    create: { width: 2000, height: 1500, channels: 3, background: '#0b6e4f' },
  })
    .jpeg()
    .toBuffer();
  const upload = await uploadPicture(big, 'image/jpeg');
  expect(upload.statusCode).toBe(201);
  const [url] = upload.json().portfolioImages;
  expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
  expect(upload.json().portfolio).toEqual([{ id: expect.any(Number), url }]);
  const picture = await t.app.inject({ url });
  expect(picture.statusCode).toBe(200);
  expect(picture.headers['content-type']).toBe('image/webp');
  const meta = await sharp(picture.rawPayload).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.width).toBe(640);
  expect(picture.rawPayload.length).toBeLessThan(big.length);

  const notAPicture = await uploadPicture(Buffer.from('<script>alert(1)</script>'), 'image/png');
  expect(notAPicture.statusCode).toBe(400);
  const wrongType = await uploadPicture(
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'image/svg+xml',
  );
  expect(wrongType.statusCode).toBe(415);

  const [{ id }] = upload.json().portfolio;
  const removed = await removePicture(id);
  expect(removed.statusCode).toBe(200);
  expect(removed.json()).toMatchObject({ portfolioImages: [], portfolio: [] });
  expect((await t.app.inject({ url })).statusCode).toBe(404);
  const again = await removePicture(id);
  expect(again.statusCode).toBe(404);
  expect(again.json().message).toBe('Picture not found');
});

test('rates have floors: under GHS 5.00 an hour or GHS 20.00 an event is a 422 naming the floor, and nothing changes', async () => {
  const put = (rates: object) => saveProfile({ ...profile, ...rates });
  for (const [rates, errors] of [
    [{ hourlyRate: '4.99' }, { hourlyRate: PRICE_FLOOR_MESSAGES.hourlyRate }],
    [{ eventRate: '19.99' }, { eventRate: PRICE_FLOOR_MESSAGES.eventRate }],
    [
      { hourlyRate: '0.01', eventRate: 0.01 },
      { hourlyRate: PRICE_FLOOR_MESSAGES.hourlyRate, eventRate: PRICE_FLOOR_MESSAGES.eventRate },
    ],
    [{ hourlyRate: null, eventRate: '0.01' }, { eventRate: PRICE_FLOOR_MESSAGES.eventRate }],
  ] as const) {
    const refused = await put(rates);
    expect(refused.statusCode, JSON.stringify(rates)).toBe(422);
    expect(refused.json()).toEqual({ message: Object.values(errors)[0], errors });
  }
  const me = await myProfile();
  expect(me.json()).toMatchObject({ stageName: 'Ebo Taylor', hourlyRate: null, eventRate: null });
  // At the floors exactly is fine.
  const saved = await put({ hourlyRate: '5', eventRate: '20.00' });
  expect(saved.statusCode).toBe(200);
  expect(saved.json()).toMatchObject({ hourlyRate: '5.00', eventRate: '20.00' });
});

test('an artist below a floor from before is not listed until they edit it; the profile still opens, the cached list follows at once', async () => {
  const saved = await saveProfile(profile);
  const artistId = saved.json().id as number;
  const browse = (query = '') => listing(t, `/api/artists${query}`);
  const listed = await browse();
  expect(listed.ids).toContain(artistId);
  // The row as rates set before the floors would leave it (no API sets them so now).
  await t.db
    .updateTable('artists')
    .set({ event_rate_pesewas: 1 })
    .where('id', '=', artistId)
    .execute();
  const hidden = await browse();
  expect(hidden.ids).not.toContain(artistId);
  expect(hidden.etag).not.toBe(listed.etag);
  expect((await browse('?q=Taylor')).ids).not.toContain(artistId);
  expect((await browse('?region=Central&performanceType=Band')).ids).not.toContain(artistId);
  // The profile opens for clients; the artist's own screens work.
  expect((await t.app.inject({ url: `/api/artists/${artistId}` })).statusCode).toBe(200);
  const me = await myProfile();
  expect(me.json().eventRate).toBe('0.01');
  // Edited to a rate at its floor: listed again at once.
  const edited = await saveProfile({ ...profile, eventRate: '20' });
  expect(edited.statusCode).toBe(200);
  expect((await browse()).ids).toContain(artistId);
});
