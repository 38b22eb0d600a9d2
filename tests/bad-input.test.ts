import fc from 'fast-check';
import { beforeAll, expect, test } from 'vitest';
import { requestBooking } from './helpers/escrow-world.ts';
import {
  applyTo,
  postBody,
  postJob,
  type SignedInUser,
  signUp,
  signUpArtist,
  testAppFor,
  validJob,
} from './helpers/test-app.ts';

/**
 * Property-based: random and malformed input at every POST endpoint and query string is never
 * a 5xx, always a clear 4xx with a message (and field messages for validation), and stores nothing.
 */
const t = testAppFor('file', { config: { otpSendsPerIpHour: 100_000, otpSendsPerDay: 100_000 } });
let employer: SignedInUser;
let seeker: SignedInUser;
let jobId: number;
let artistId: number;
let bookingId: number;
let applicationId: number;

beforeAll(async () => {
  employer = await signUp(t, 'employer');
  seeker = await signUp(t, 'job_seeker');
  artistId = (await signUpArtist(t, { hourly: 15000, event: 90000 })).artistId;
  jobId = (await postJob(t, employer)).id;
  applicationId = await applyTo(t, seeker, jobId, 'I can do it.');
  bookingId = await requestBooking(t, seeker, artistId, { daysAhead: 9, hours: 1 });
});

const rowCounts = async () =>
  JSON.stringify(
    await Promise.all(
      (
        [
          'users',
          'jobs',
          'applications',
          'bookings',
          'otp_codes',
          'message_outbox',
          'payments',
          'charges',
          'ledger_entries',
          'provider_events',
          'reports',
          'reviews',
        ] as const
      ).map(
        async (table) =>
          (
            await t.db
              .selectFrom(table)
              .select(({ fn }) => fn.countAll().as('n'))
              .executeTakeFirst()
          )?.n,
      ),
    ),
  );

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.constantFrom(
    "'; DROP TABLE jobs; --",
    '" OR 1=1 --',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '\u0000',
    '\u202e',
    '🇬🇭🎶',
    'x'.repeat(10_000),
    '-1',
    '0.001',
    '1e309',
    'NaN',
    '2020-01-01T00:00:00Z',
    '',
  ),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, -0.5, 0, 0.001, 1.005, Number.MAX_SAFE_INTEGER, 1e300),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 5 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);

/** Objects with the endpoint's own keys holding wrong values, plus random extra keys. */
const bodyFor = (keys: string[], valid: Record<string, unknown>) =>
  fc.oneof(
    fc.jsonValue(),
    fc.record(Object.fromEntries(keys.map((key) => [key, nasty])), { requiredKeys: [] }),
    fc.tuple(fc.constantFrom(...keys), nasty).map(([key, value]) => ({ ...valid, [key]: value })),
  );

const endpoints = () => [
  {
    url: '/api/jobs',
    cookie: employer.cookie,
    body: bodyFor(Object.keys(validJob), validJob),
  },
  {
    url: '/api/applications',
    cookie: seeker.cookie,
    body: bodyFor(['jobId', 'coverLetter'], { jobId, coverLetter: 'Hello there' }),
  },
  {
    url: '/api/bookings',
    cookie: seeker.cookie,
    body: bodyFor(
      [
        'artistId',
        'eventDate',
        'eventDuration',
        'eventType',
        'venue',
        'eventDetails',
        'totalAmount',
        'rateType',
      ],
      {
        artistId,
        eventDate: new Date(Date.now() + 10 * 86_400_000).toISOString(),
        eventDuration: 2,
        eventType: null,
        venue: 'Kumasi City Hall',
        eventDetails: null,
        totalAmount: '300.00',
        rateType: 'hourly',
      },
    ),
  },
  {
    url: `/api/bookings/${bookingId}/payment`,
    cookie: seeker.cookie,
    body: bodyFor(['phoneNumber', 'network'], { phoneNumber: '+233241234567', network: 'mtn' }),
  },
  {
    url: `/api/applications/${applicationId}/dispute`,
    cookie: employer.cookie,
    body: bodyFor(['reason'], { reason: 'The work was never done' }),
  },
  {
    url: '/api/payments/ch-000000000000000000000000/otp',
    cookie: seeker.cookie,
    body: bodyFor(['otp'], { otp: '123456' }),
  },
  {
    // Unsigned: always 401, whatever the body.
    url: '/api/payments/paystack/webhook',
    cookie: '',
    body: bodyFor(['event', 'data'], { event: 'charge.success', data: {} }),
  },
  {
    url: '/api/reports',
    cookie: seeker.cookie,
    body: bodyFor(['targetType', 'targetId', 'reason', 'details'], {
      targetType: 'job',
      targetId: jobId,
      reason: 'fake',
    }),
  },
  {
    // The booking is not completed: whatever the body, no review is stored.
    url: '/api/reviews',
    cookie: seeker.cookie,
    body: bodyFor(['bookingId', 'applicationId', 'rating', 'comment'], {
      bookingId,
      rating: 5,
      comment: 'Great',
    }),
  },
  {
    url: '/api/reviews/999999/reply',
    cookie: seeker.cookie,
    body: bodyFor(['reply'], { reply: 'Thank you' }),
  },
  {
    url: '/api/auth/send-code',
    cookie: '',
    body: bodyFor(['phoneNumber', 'deliveryMethod'], {
      phoneNumber: '+233241234567',
      deliveryMethod: 'sms',
    }),
  },
  {
    url: '/api/auth/verify-code',
    cookie: '',
    body: bodyFor(['phoneNumber', 'code', 'firstName', 'lastName', 'role', 'region'], {
      phoneNumber: '+233241234567',
      code: '123456',
    }),
  },
];

test('random bodies at every POST endpoint: never 5xx, a clear 4xx, nothing stored', async () => {
  for (const endpoint of endpoints()) {
    await fc.assert(
      fc.asyncProperty(endpoint.body, async (body) => {
        // Messages a valid body queued go out after its answer: sent before counting, so a
        // send cannot pass for something a refused body stored.
        await t.app.notifier.idle();
        const before = await rowCounts();
        const response = await t.app.inject({
          method: 'POST',
          url: endpoint.url,
          headers: { cookie: endpoint.cookie, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        const answer = response.json();
        expect(
          response.statusCode,
          `${endpoint.url} ${JSON.stringify(body).slice(0, 200)}`,
        ).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(answer.message).toEqual(expect.any(String));
          if (
            response.statusCode === 400 &&
            answer.message !== 'The request body is not valid JSON'
          ) {
            expect(Object.keys(answer.errors ?? {}).length).toBeGreaterThan(0);
          }
          expect(await rowCounts()).toBe(before);
        }
      }),
      { numRuns: 120 },
    );
  }
  // Some 2,000 requests, each counting rows before and after: seconds on an idle machine, more
  // beside other test files, and over a minute on PostgreSQL on two busy cores.
}, 180_000);

test('malformed JSON text is a 400 with a message', async () => {
  await fc.assert(
    fc.asyncProperty(fc.string({ minLength: 1 }), async (text) => {
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      fc.pre(!valid);
      const response = await postBody(t, seeker, '/api/applications', 'application/json', text);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }),
    { numRuns: 100 },
  );
});

test('random query strings on every list endpoint: never 5xx', async () => {
  const param = fc.oneof(
    nasty.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))),
    fc.constantFrom('all', 'DJ', 'Ashanti', '1', '0', '-1', '1.5', '99999999999999999999'),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(
        '/api/jobs',
        '/api/artists',
        '/api/jobs/',
        '/api/artists/',
        '/api/applications/job/',
        '/api/applications/user',
        '/api/bookings/artist',
        '/api/bookings/client',
        '/api/dev/outbox',
      ),
      fc.dictionary(
        fc.constantFrom(
          'category',
          'region',
          'employerId',
          'performanceType',
          'to',
          'x',
          'q',
          'limit',
          'cursor',
          'status',
          'upcoming',
        ),
        param,
        { maxKeys: 4 },
      ),
      param,
      async (path, query, id) => {
        const search = new URLSearchParams(query).toString();
        const url = path.endsWith('/') ? `${path}${encodeURIComponent(id)}` : `${path}?${search}`;
        const response = await t.app.inject({ url, headers: { cookie: employer.cookie } });
        expect(response.statusCode, url).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.json().message).toEqual(expect.any(String));
      },
    ),
    { numRuns: 300 },
  );
});
