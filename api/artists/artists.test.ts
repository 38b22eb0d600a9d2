import { expect, test } from 'vitest';
import { signUp, testAppFor } from '../../tests/helpers/test-app.ts';

const t = testAppFor('each');

async function createArtist(values: {
  stageName: string;
  region: string;
  types: string[];
  hourly?: number | null;
  event?: number | null;
  rating?: number | null;
}) {
  const user = await signUp(t, 'artist', { region: values.region });
  const artist = await t.db
    .updateTable('artists')
    .set({
      stage_name: values.stageName,
      performance_types: JSON.stringify(values.types),
      hourly_rate_pesewas: values.hourly ?? null,
      event_rate_pesewas: values.event ?? null,
      rating: values.rating ?? null,
      // As if that many reviews made the rating (reviews.test.ts makes real ones).
      review_count: values.rating ? 5 : 0,
    })
    .where('user_id', '=', user.id)
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('portfolio_pictures')
    .values({ artist_id: artist.id, slot: 0, url: '/images/portfolio/turntable.svg' })
    .execute();
  return artist;
}

test('GET /api/artists lists artists with money as strings, filtered by type and region', async () => {
  const dj = await createArtist({
    stageName: 'DJ Black',
    region: 'Greater Accra',
    types: ['DJ'],
    hourly: 20000,
    rating: 4.8,
  });
  await createArtist({
    stageName: 'Kumasi Brass',
    region: 'Ashanti',
    types: ['Band', 'Musician'],
    event: 500000,
  });
  const all = (await t.app.inject({ url: '/api/artists' })).json();
  expect(all).toHaveLength(2);
  expect(all[0]).toEqual({
    id: dj.id,
    userId: expect.any(Number),
    stageName: 'DJ Black',
    bio: null,
    region: 'Greater Accra',
    performanceTypes: ['DJ'],
    hourlyRate: '200.00',
    eventRate: null,
    rating: 4.8,
    reviewCount: 5,
    portfolioImages: ['/images/portfolio/turntable.svg'],
    phoneVerified: true,
    moderation: 'published',
    cancellationPolicy: 'moderate',
  });
  const bands = (await t.app.inject({ url: '/api/artists?performanceType=Band' })).json();
  expect(bands.map((a: { stageName: string }) => a.stageName)).toEqual(['Kumasi Brass']);
  const accra = (
    await t.app.inject({ url: '/api/artists?region=Greater%20Accra&performanceType=all' })
  ).json();
  expect(accra.map((a: { stageName: string }) => a.stageName)).toEqual(['DJ Black']);
  expect((await t.app.inject({ url: '/api/artists?performanceType=Juggler' })).statusCode).toBe(
    400,
  );
});

test('GET /api/artists/:id returns one artist or 404', async () => {
  const artist = await createArtist({
    stageName: 'Sister Afia',
    region: 'Eastern',
    types: ['Musician'],
    event: 250000,
  });
  const response = await t.app.inject({ url: `/api/artists/${artist.id}` });
  expect(response.json()).toMatchObject({
    id: artist.id,
    stageName: 'Sister Afia',
    eventRate: '2500.00',
  });
  expect((await t.app.inject({ url: '/api/artists/424242' })).statusCode).toBe(404);
});

test('availability lists upcoming dates soonest first, without past ones', async () => {
  const artist = await createArtist({
    stageName: 'Funny Face',
    region: 'Central',
    types: ['Comedian'],
    hourly: 10000,
  });
  const day = (offset: number) =>
    new Date(t.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  await t.db
    .insertInto('artist_availability')
    .values([
      { artist_id: artist.id, date: day(10), time_slot: '18:00 - 23:00' },
      { artist_id: artist.id, date: day(-3), time_slot: null },
      { artist_id: artist.id, date: day(2), time_slot: null },
    ])
    .execute();
  const response = await t.app.inject({ url: `/api/artists/${artist.id}/availability` });
  expect(response.json()).toEqual([
    { date: day(2), timeSlot: null },
    { date: day(10), timeSlot: '18:00 - 23:00' },
  ]);
  expect((await t.app.inject({ url: '/api/artists/424242/availability' })).statusCode).toBe(404);
});

test('artists are searched by stage name or bio and paged with a total count', async () => {
  for (let i = 0; i < 25; i += 1) {
    await createArtist({
      stageName: `Kojo Beats ${i}`,
      region: 'Volta',
      types: i % 2 ? ['DJ'] : ['Dancer'],
      hourly: 10000,
      rating: (i % 10) / 2,
    });
  }
  const first = await t.app.inject({ url: '/api/artists?q=kojo%20b' });
  expect(first.json()).toHaveLength(20);
  expect(first.headers['x-total-count']).toBe('25');
  const second = await t.app.inject({
    url: `/api/artists?q=kojo%20b&cursor=${first.headers['x-next-cursor']}`,
  });
  expect(second.json()).toHaveLength(5);
  const ids = [...first.json(), ...second.json()].map((artist: { id: number }) => artist.id);
  expect(new Set(ids).size).toBe(25);
  const ratings = [...first.json(), ...second.json()].map(
    (artist: { rating: number | null }) => artist.rating ?? -1,
  );
  expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  const djs = await t.app.inject({ url: '/api/artists?q=KOJO&performanceType=DJ&limit=100' });
  expect(djs.json()).toHaveLength(12);
  await t.db
    .updateTable('artists')
    .set({ bio: 'Azonto and kpanlogo in Ho' })
    .where('stage_name', '=', 'Kojo Beats 3')
    .execute();
  expect(
    (await t.app.inject({ url: '/api/artists?q=kpanlogo' }))
      .json()
      .map((a: { stageName: string }) => a.stageName),
  ).toEqual(['Kojo Beats 3']);
});

test('control characters in an artist search are spaces: never a 500', async () => {
  await createArtist({ stageName: 'Kojo Beats', region: 'Volta', types: ['DJ'], hourly: 10000 });
  for (const q of ['Ko\u0000jo', '\u0000\u0000\u0000', 'Kojo\u0000', '\u0000"*']) {
    const response = await t.app.inject({ url: `/api/artists?q=${encodeURIComponent(q)}` });
    expect(response.statusCode, JSON.stringify(q)).toBe(200);
  }
  const found = await t.app.inject({ url: `/api/artists?q=${encodeURIComponent('Kojo\u0000')}` });
  expect(found.json()).toMatchObject([{ stageName: 'Kojo Beats' }]);
});
