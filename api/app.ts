import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyEtag from '@fastify/etag';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import {
  type ApplicationsService,
  createApplicationsService,
} from './applications/applications-service.ts';
import { applicationRoutes } from './applications/routes.ts';
import { type ArtistsService, createArtistsService } from './artists/artists-service.ts';
import { artistProfileRoutes } from './artists/profile-routes.ts';
import { artistRoutes } from './artists/routes.ts';
import { type AuthService, createAuthService } from './auth/auth-service.ts';
import { authRoutes } from './auth/routes.ts';
import { registerSessionHook } from './auth/session-hook.ts';
import { type BookingsService, createBookingsService } from './bookings/bookings-service.ts';
import { bookingRoutes } from './bookings/routes.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { createEmployersService, type EmployersService } from './employers/employers-service.ts';
import { employerRoutes } from './employers/routes.ts';
import { PAYER_NOTICE_HOOK } from './engagements/escrow.ts';
import { payerNoticeHook } from './engagements/payer-notice.ts';
import { healthRoutes } from './health/routes.ts';
import { trustedProxyCheck, trustProxyOption } from './http/client-address.ts';
import { COMPRESS_OPTIONS } from './http/compression.ts';
import {
  type ConnectionCaps,
  capConnections,
  defaultConnectionCaps,
  openFileLimit,
} from './http/connection-caps.ts';
import { registerContracts } from './http/contracts.ts';
import { frameworkErrors, registerErrorHandling } from './http/error-handler.ts';
import { registerIdempotencyInput } from './http/idempotency.ts';
import { registerIdentityBodiesOnly } from './http/request-encoding.ts';
import { registerSameOriginGuard } from './http/same-origin.ts';
import { createJobsService, type JobsService } from './jobs/jobs-service.ts';
import { jobRoutes } from './jobs/routes.ts';
import { alertLogFor } from './lib/alert-log.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { decodedPath } from './lib/decoded-path.ts';
import { ListCache, type ListCacheLimits } from './lib/list-cache/list-cache.ts';
import { dataVersionsTable } from './lib/list-cache/version-source.ts';
import { serverSecret } from './lib/secret.ts';
import {
  createNotificationDispatcher,
  type NotificationDispatcher,
} from './notifications/notifications.ts';
import { createAfricasTalkingTransport } from './otp/africastalking-transport.ts';
import type { MessageTransport } from './otp/transport.ts';
import { createPaymentsService, type PaymentsService } from './payments/payments-service.ts';
import { createPaystackClient, type PaystackClient } from './payments/paystack-client.ts';
import { createPaymentsWorker, type PaymentsWorker } from './payments/reconciler.ts';
import { PAYSTACK_WEBHOOK_PATH, paymentRoutes, paystackWebhookRoute } from './payments/routes.ts';
import { startRetention } from './retention.ts';
import { createReviewsService, type ReviewsService } from './reviews/reviews-service.ts';
import { reviewRoutes } from './reviews/routes.ts';
import { diskPictureStore } from './storage/disk-store.ts';
import type { PictureStore } from './storage/picture-store.ts';
import { createModerationService, type ModerationService } from './trust/moderation-service.ts';
import { createReportsService, type ReportsService } from './trust/reports-service.ts';
import { trustRoutes } from './trust/routes.ts';
import { ussdRoutes } from './ussd/routes.ts';
import { databaseSessionStore } from './ussd/session-store.ts';
import { createUssdEngine } from './ussd/ussd-engine.ts';
import { registerWebApp } from './web-app/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends queued SMS/WhatsApp notifications after commits. */
    notifier: NotificationDispatcher;
    /** Verifies charges, sends payouts and refunds, and applies escrow's deadlines. */
    paymentsWorker: PaymentsWorker;
    /** Answers and counts of GET /api/jobs and /api/artists, kept until their data changes. */
    listCache: ListCache;
    /**
     * The services every door goes through: the web API's routes here, and any other door
     * (USSD, a payment webhook) registered beside them.
     */
    services: Services;
    /** The seeded demo accounts' phones in the database, for the start-up line (none in production). */
    demoPhones(): Promise<string[]>;
  }
}

interface Services {
  auth: AuthService;
  jobs: JobsService;
  applications: ApplicationsService;
  artists: ArtistsService;
  bookings: BookingsService;
  payments: PaymentsService;
  employers: EmployersService;
  reports: ReportsService;
  moderation: ModerationService;
  reviews: ReviewsService;
}

/** The payment provider as a test gives it: a client (pointed at a simulator) and its secret. */
export interface PaymentsProviderOption {
  client: PaystackClient;
  /** The key webhooks are signed with. */
  webhookSecret: string;
  /** How often the reconciler runs by itself; tests run it with runOnce. */
  workerPollMs?: number;
}

export interface AppOptions {
  db: Db;
  /** Defaults to the system clock; tests move time with their own. */
  clock?: Clock;
  /** Defaults to the transport the config names. */
  transport?: MessageTransport;
  /** The built web app; defaults to dist/ at the project root. */
  webRoot?: string;
  /** Where log lines go; stdout by default. Tests read it to prove secrets stay out. */
  logStream?: { write(line: string): void };
  /** Limits of the list cache; DEFAULT_LIST_CACHE_LIMITS unless a test wants a small one. */
  listCache?: ListCacheLimits;
  /** CONNECTION_LIMITS unless a test wants shorter ones. */
  connectionLimits?: ConnectionLimits;
  /** Called with each route as it is added: tests read the route table with it. */
  onRoute?: (route: RouteOptions) => void;
  /** Caps on open connections; derived from the open-file limit unless a test wants small ones. */
  connectionCaps?: ConnectionCaps;
  /** The payment provider; the one PAYMENTS_PROVIDER names unless a test gives its own. */
  payments?: PaymentsProviderOption;
}

/** How long a client may hold a connection open. */
export interface ConnectionLimits {
  /** A socket on which nothing arrives for this long is closed. */
  idleMs: number;
  /** A whole request, headers and body, must arrive within this (else 408 and closed). */
  requestMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveMs: number;
  /** How often Node looks for requests over their time. */
  checkEveryMs: number;
}

export const CONNECTION_LIMITS: ConnectionLimits = {
  idleMs: 30_000,
  // JSON bodies are at most 64 KB; a 5 MB picture in a minute needs about 700 kbit/s. A body
  // trickled in to hold a socket is cut off at the minute.
  requestMs: 60_000,
  // Longer than a reverse proxy's usual 60 s, so a proxy never reuses a socket we are closing.
  keepAliveMs: 72_000,
  checkEveryMs: 2_000,
};

/** Paths pino blanks out wherever a request, response or error is logged. */
const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  '*.apiKey',
  '*.code',
  '*.token',
];

const JSON_BODY_LIMIT = 64 * 1024;

/**
 * The USSD callback's path is its secret: request lines name the route, never the token. Any
 * path that reads "ussd" (in any case, escaped or not) loses what follows, so a callback URL
 * registered with a slip (`/api//ussd/<token>`) keeps its token out of the log too.
 */
export function loggedUrl(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  if (!/ussd/i.test(decodedPath(path))) return url;
  const at = path.search(/ussd/i);
  return at < 0 ? '[a USSD path, redacted]' : `${path.slice(0, at + 'ussd'.length)}/[redacted]`;
}

/** Fastify's own request line, with the URL as loggedUrl gives it. */
const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: loggedUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/** What api/dev/ offers the app: the demo seed, the dev transport and provider, the test clock. */
type DevTools = typeof import('./dev/index.ts');

/**
 * The one switch to api/dev/, the home of what exists only for development and tests. Open only
 * where a setting asks for a dev tool (config.devTools), which is never so in production: a
 * production start loads no module of api/dev/ (tests/production-start.test.ts).
 */
async function devToolsFor(config: Config): Promise<DevTools | undefined> {
  if (!config.devTools) return undefined;
  // biome-ignore lint/style/noRestrictedImports: the one switch to api/dev/ (ADR 034)
  return import('./dev/index.ts');
}

/** The dev tools a setting asks for; the config never lets one ask in production. */
function devToolsAskedBy(dev: DevTools | undefined, setting: string): DevTools {
  if (!dev) throw new Error(`${setting} needs the dev tools, which are off (config.devTools)`);
  return dev;
}

/** Builds the whole app without listening, for the server and the tests alike. */
export async function buildApp(config: Config, options: AppOptions): Promise<FastifyInstance> {
  const { db } = options;
  const dev = await devToolsFor(config);
  // TEST_CLOCK (never in production): browser tests move this clock with POST /api/dev/clock.
  const testClock =
    !options.clock && config.testClock
      ? devToolsAskedBy(dev, 'TEST_CLOCK').adjustableClock()
      : undefined;
  const clock = options.clock ?? testClock?.clock ?? systemClock;
  const limits = options.connectionLimits ?? CONNECTION_LIMITS;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
      serializers: { req: requestSerializer },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    connectionTimeout: limits.idleMs,
    requestTimeout: limits.requestMs,
    keepAliveTimeout: limits.keepAliveMs,
    http: {
      connectionsCheckingInterval: limits.checkEveryMs,
      // Node enforces requestTimeout only while headersTimeout is no longer (its default is 60 s).
      headersTimeout: limits.requestMs,
    },
    frameworkErrors,
  });
  capConnections(app.server, options.connectionCaps ?? defaultConnectionCaps(openFileLimit()), {
    isTrustedProxy: trustedProxyCheck(config.trustProxy),
    alerts: alertLogFor(app.log),
    clock,
  });
  const transport =
    options.transport ??
    (config.otpTransport === 'africastalking'
      ? createAfricasTalkingTransport({ ...config.africasTalking, log: app.log })
      : devToolsAskedBy(dev, 'OTP_TRANSPORT=dev').createDevTransport(db, app.log));
  const secret = serverSecret(config);

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  registerErrorHandling(app);
  // Before any route: every route's contract is run by valibot and described in the OpenAPI
  // document.
  await registerContracts(app);
  registerIdempotencyInput(app);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only where the site is served over HTTPS.
    strictTransportSecurity: config.nodeEnv === 'production' ? { maxAge: 31536000 } : false,
    crossOriginEmbedderPolicy: false,
  });
  registerSameOriginGuard(app);
  registerIdentityBodiesOnly(app);
  // Every byte costs our users money: API answers over 1 KB are compressed, and a repeat GET of
  // unchanged data is a bodiless 304 thanks to the ETag.
  // One per app, so test apps on their own databases never share entries.
  const listCache = new ListCache(dataVersionsTable(db), options.listCache);
  app.decorate('listCache', listCache);
  // The list cache keeps what the plugins make of the pages it holds (compressed copies, ETags).
  await app.register(fastifyCompress, { ...COMPRESS_OPTIONS, zlib: listCache.zlib });
  await app.register(fastifyEtag, { weak: true, hashFn: listCache.etagHash });
  await app.register(fastifyCookie);

  // Demo data (SEED_DEMO, never in production) goes into an empty database before anything reads it.
  if (config.seedDemo) await devToolsAskedBy(dev, 'SEED_DEMO').seedDemoData(db);
  app.decorate('demoPhones', async () => (dev ? dev.demoPhonesIn(db) : []));

  // Old sign-in events, sessions, idempotency keys and notifications go at start-up and hourly.
  const retention = await startRetention({ db, clock, log: app.log });
  app.addHook('onClose', () => retention.stop());

  const notifier = createNotificationDispatcher({
    db,
    transport,
    log: app.log,
    clock,
    sendsPerHour: config.notificationSmsPerHour,
    publicUrl: config.publicUrl,
    // The payer's notice that the payee says the work is done starts the payer's clock as it goes.
    sendHooks: { [PAYER_NOTICE_HOOK]: payerNoticeHook(db) },
  });
  app.addHook('onClose', () => notifier.stop());
  app.decorate('notifier', notifier);
  const pictures = await pictureStoreFor(config);
  // Closed after the routes that use it: a plugin's onClose hooks run before the app's own.
  app.addHook('onClose', () => pictures.close());
  const provider = await paymentsProvider(app, config, options, clock, dev);
  const paymentsWorker = createPaymentsWorker({
    db,
    clock,
    log: app.log,
    client: provider.client,
    notifier,
    ...(provider.workerPollMs ? { pollMs: provider.workerPollMs } : {}),
  });
  // The worker stops (finishing its round) before the dev simulator it calls is closed.
  app.addHook('onClose', async () => {
    await paymentsWorker.stop();
    await provider.simulator?.close();
  });
  app.decorate('paymentsWorker', paymentsWorker);
  const { serviceFeePercent } = config.payments;
  const writes = {
    db,
    clock,
    notifier,
    userWriteCaps: config.userWriteCaps,
    serviceFeePercent,
    escrowWorker: paymentsWorker,
  };
  const auth = createAuthService({
    db,
    clock,
    transport,
    secret,
    log: app.log,
    limits: {
      sendsPerIpHour: config.otpSendsPerIpHour,
      sendsPerDay: config.otpSendsPerDay,
      failuresPerIpHour: config.otpFailuresPerIpHour,
      failuresPerHour: config.otpFailuresPerHour,
      sparedPhones: dev ? dev.demoPhonesSparedSignInCaps(config) : new Set(),
    },
  });
  const payments = createPaymentsService({
    db,
    clock,
    log: app.log,
    notifier,
    worker: paymentsWorker,
    client: provider.client,
    webhookSecret: provider.webhookSecret,
    serviceFeePercent,
    userWriteCaps: config.userWriteCaps,
    payoutCodes: auth.payoutCodes,
  });
  const services: Services = {
    auth,
    jobs: createJobsService({ db, clock, userWriteCaps: config.userWriteCaps }),
    applications: createApplicationsService(writes),
    artists: createArtistsService({ db, clock, pictures, userWriteCaps: config.userWriteCaps }),
    bookings: createBookingsService(writes),
    payments,
    employers: createEmployersService({ db }),
    reports: createReportsService({ db, clock }),
    moderation: createModerationService({ db, clock, payments, notifier, paymentsWorker }),
    reviews: createReviewsService({ db, clock, userWriteCaps: config.userWriteCaps }),
  };
  app.decorate('services', services);
  const { cookieSecure } = config;
  registerSessionHook(app, { auth: services.auth, cookieSecure });

  await app.register(healthRoutes, { db, clock });
  await app.register(authRoutes, { auth: services.auth, cookieSecure });
  await app.register(jobRoutes, { jobs: services.jobs, listCache });
  await app.register(applicationRoutes, { applications: services.applications });
  await app.register(artistRoutes, { artists: services.artists, listCache });
  await app.register(artistProfileRoutes, { artists: services.artists, db, clock, pictures });
  await app.register(bookingRoutes, { bookings: services.bookings });
  await app.register(paymentRoutes, { payments: services.payments });
  await app.register(reviewRoutes, { reviews: services.reviews });
  await app.register(paystackWebhookRoute, { payments: services.payments });
  await app.register(employerRoutes, { employers: services.employers });
  await app.register(trustRoutes, { reports: services.reports, moderation: services.moderation });
  // The USSD service exists only with its secret callback path (USSD_CALLBACK_TOKEN).
  if (config.ussdCallbackToken) {
    const engine = createUssdEngine({
      ...services,
      sessions: databaseSessionStore(db, clock),
      publicUrl: config.publicUrl,
      log: app.log,
    });
    await app.register(ussdRoutes, { engine, token: config.ussdCallbackToken });
  }
  if (transport.name === 'dev' || provider.simulator || testClock) {
    await app.register(devToolsAskedBy(dev, 'the dev routes').devRoutes, {
      db,
      outboxPublic: config.devOutboxPublic,
      outbox: transport.name === 'dev',
      payments: provider.simulator
        ? { simulator: provider.simulator, worker: paymentsWorker }
        : undefined,
      testClock: testClock ? { clock: testClock, worker: paymentsWorker } : undefined,
    });
  }

  await registerWebApp(app, options.webRoot ?? resolve(import.meta.dirname, '../dist'), {
    sourceMaps: config.nodeEnv !== 'production',
    cookieSecure,
  });
  return app;
}

/**
 * The payment provider: a test's own, Paystack, or the dev provider (the Paystack simulator on
 * loopback, delivering its webhooks to this app's own webhook route).
 */
async function paymentsProvider(
  app: FastifyInstance,
  config: Config,
  options: AppOptions,
  clock: Clock,
  dev: DevTools | undefined,
): Promise<PaymentsProviderOption & { simulator?: DevProvider['simulator'] }> {
  if (options.payments) return options.payments;
  const { payments } = config;
  if (payments.provider === 'paystack') {
    return {
      client: createPaystackClient({
        secretKey: payments.paystackSecretKey,
        baseUrl: payments.paystackBaseUrl,
      }),
      webhookSecret: payments.paystackSecretKey,
    };
  }
  // The dev provider is a PaymentsProviderOption with its simulator: passed through as it is.
  return devToolsAskedBy(dev, 'PAYMENTS_PROVIDER=dev').startDevProvider({
    db: options.db,
    clock,
    baseUrl: browserUrl(config),
    deliverWebhook: async (payload, headers) =>
      (await app.inject({ method: 'POST', url: PAYSTACK_WEBHOOK_PATH, headers, payload }))
        .statusCode,
  });
}

type DevProvider = Awaited<ReturnType<DevTools['startDevProvider']>>;

/** This server as a browser on this machine reaches it. */
function browserUrl(config: Config): string {
  const host =
    config.host === '0.0.0.0' || config.host === '::'
      ? 'localhost'
      : config.host.includes(':')
        ? `[${config.host}]`
        : config.host;
  return `http://${host}:${config.port}`;
}

/**
 * Pictures go to the bucket S3_BUCKET names, or else to uploads/ beside the database. The AWS SDK
 * is loaded only for a bucket: it costs half a second and 20 MB that `npm start` need not pay.
 */
async function pictureStoreFor(config: Config): Promise<PictureStore> {
  if (!config.objectStorage) return diskPictureStore(uploadsDirFor(config.databasePath));
  const { s3PictureStore } = await import('./storage/s3-store.ts');
  return s3PictureStore(config.objectStorage);
}

/** Uploaded pictures live beside the database, so one directory holds all the data. */
export function uploadsDirFor(databasePath: string): string {
  return databasePath === ':memory:'
    ? join(tmpdir(), 'ghana-gigs-uploads')
    : join(dirname(databasePath), 'uploads');
}
