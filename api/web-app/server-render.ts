import { existsSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  ArtistDetailSchema,
  ArtistListSchema,
  AvailabilityAnswerSchema,
  BookedDaysSchema,
  JobListingsSchema,
  JobSchema,
} from '../../contracts/answers.schemas.ts';
import { ArtistListQuerySchema } from '../../contracts/artists.schemas.ts';
import { isFullyActive, type Role, type User } from '../../contracts/auth.ts';
import { DATA_SAVER_COOKIE } from '../../contracts/data-saver.ts';
import {
  APPLY_QUERY,
  type FirstScreenData,
  type RenderedScreen,
  type ServerRenderer,
} from '../../contracts/first-screen.ts';
import { JobListQuerySchema } from '../../contracts/jobs.schemas.ts';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  languageFromPreferences,
} from '../../contracts/languages.ts';
import { paths } from '../../contracts/paths.ts';
import { ARTIST_PAGE_KEY } from '../artists/artists-service.ts';
import { sessionCookieName, signedInCookieName } from '../auth/current-user.ts';
import { answerAs } from '../http/contracts.ts';
import { cachedPage, type WirePage } from '../http/paging.ts';
import { NotFound } from '../lib/domain-errors.ts';
import { artistList, jobList } from '../lib/list-cache/lists.ts';
import type { DataName } from '../lib/list-cache/version-source.ts';
import { emptyLoginForm } from './login-form.ts';

/**
 * The first screen of the public routes, drawn on the server for visitors (ADR 027): the page
 * carries the screen's markup and the data it was drawn from, so the first job card shows once
 * the HTML and the stylesheet are in, before the app's code. The data is read through the same
 * services and list cache the API's routes use, in the shapes they send.
 */

/**
 * What a page request asks for, as the app will decide it on the phone: its language and
 * whether it saves data. The page is drawn with both (ADR 031).
 */
export function pageSettings(request: FastifyRequest): { language: Language; savesData: boolean } {
  return { language: languageOf(request), savesData: savesData(request) };
}

/**
 * The language the phone speaks, as the app will decide it: the phone's choice (its `lang`
 * cookie), else the browser's languages (Accept-Language, in the order it lists them), else
 * English.
 */
export function languageOf(request: FastifyRequest): Language {
  const chosen = request.cookies[LANGUAGE_COOKIE];
  if (isLanguage(chosen)) return chosen;
  const header = request.headers['accept-language'];
  const listed =
    typeof header === 'string' ? header.split(',').map((item) => item.split(';')[0] ?? '') : [];
  return languageFromPreferences(listed) ?? DEFAULT_LANGUAGE;
}

/** Whether the browser holds a session cookie or its readable hint (it may be signed in). */
export function mayHoldSession(request: FastifyRequest, cookieSecure: boolean): boolean {
  const cookies = request.cookies;
  return (
    cookies[sessionCookieName(cookieSecure)] !== undefined ||
    cookies[signedInCookieName(cookieSecure)] !== undefined
  );
}

/**
 * Whether the phone saves data: the person's Data saver switch (its cookie), else the phone's
 * own setting (`Save-Data: on`), as the app decides. Its lists then ask for smaller pages than
 * a preloaded answer would hold, so its page names no API answers (one more round trip instead
 * of a download the app would not use).
 */
function savesData(request: FastifyRequest): boolean {
  const choice = request.cookies[DATA_SAVER_COOKIE];
  if (choice === 'on' || choice === 'off') return choice === 'on';
  const header = request.headers['save-data'];
  return typeof header === 'string' && header.trim().toLowerCase() === 'on';
}

type Target =
  | { screen: 'home' | 'jobs' | 'artists' | 'login' }
  | { screen: 'job' | 'artist'; id: number };

const ID_PATH = /^\/(jobs|artists)\/(\d{1,15})$/;

/**
 * The screen a path shows when the server renders it, or null. Browse screens are rendered
 * without filters only: a query (a search, a region) is answered by the app shell and its
 * preloads, as before. Only the paths the app links to are rendered (no trailing slash), so one
 * screen is one entry of the list cache however its path is spelled.
 */
export function renderedScreenAt(path: string, hasQuery: boolean): Target | null {
  if (hasQuery) return null;
  if (path === paths.home) return { screen: 'home' };
  if (path === paths.login) return { screen: 'login' };
  if (path === paths.jobs) return { screen: 'jobs' };
  if (path === paths.artists) return { screen: 'artists' };
  const match = ID_PATH.exec(path);
  if (!match) return null;
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id) || id < 1) return null;
  return { screen: match[1] === 'jobs' ? 'job' : 'artist', id };
}

/**
 * The screens drawn for someone signed in, with their own data (ADR 031): the home screen,
 * their role's dashboard and the job poster, without a query, and a job's page, also with its
 * Apply form open (`?apply=1`, the form that posts with no script). Answers the URL to draw,
 * or null. Each is one person's page: never kept in the page cache, sent `private, no-store`.
 */
export function signedInScreenAt(
  path: string,
  search: string | undefined,
  user: User,
): string | null {
  if (!isFullyActive(user)) return null;
  if (JOB_PATH.test(path)) {
    if (search === undefined) return path;
    return search === APPLY_QUERY ? `${path}?${search}` : null;
  }
  if (search !== undefined) return null;
  const drawn = path === paths.home || path === paths.postJob || path === dashboardOf(user.role);
  return drawn ? path : null;
}

const JOB_PATH = /^\/jobs\/\d{1,15}$/;

/** The screens only someone signed in may see: a visitor is sent to sign in. */
export function isGatedPath(path: string): boolean {
  const gated: readonly string[] = [
    paths.dashboard,
    paths.employerDashboard,
    paths.artistDashboard,
    paths.postJob,
  ];
  return gated.includes(path);
}

function dashboardOf(role: Role | null): string {
  if (role === 'employer') return paths.employerDashboard;
  if (role === 'artist') return paths.artistDashboard;
  return paths.dashboard;
}

/**
 * How the renderer reads the API for one person: each GET goes through the API's own routes in
 * process (app.inject), with the person's cookie, so the page holds exactly what their phone
 * would have been sent, checked by the same hooks and rules. A visitor's page (kept in the
 * page cache, sent to every visitor) reads with no cookie at all.
 */
export function apiReaderFor(app: FastifyInstance, cookie: string | undefined): typeof fetch {
  const read = async (input: string | URL | Request): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('/api/')) throw new Error(`The renderer reads only the API, not ${url}`);
    const answer = await app.inject({
      method: 'GET',
      url,
      headers: cookie ? { cookie } : {},
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined || name === 'set-cookie') continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers,
    });
  };
  return read as typeof fetch;
}

/**
 * What a rendered page depends on, for the list cache: it is kept until one of these changes,
 * as the list it shows is. A job's page shows the job (whether it is shown too: hiding one sets
 * its moderation), its poster and its application count. An artist's page is drawn afresh each
 * time (undefined): its availability, booked days and paid gigs have no version.
 */
export function renderedPageDependsOn(target: Target): readonly DataName[] | undefined {
  switch (target.screen) {
    case 'home':
    case 'login':
      return [];
    case 'jobs':
      return jobList(plainJobFilter()).page;
    case 'artists':
      return artistList(plainArtistFilter()).page;
    case 'job':
      return ['jobs', 'people', 'application_counts'];
    case 'artist':
      return undefined;
  }
}

/**
 * Drawing a page costs 1 to 3 ms of CPU, plus the reads of its data. A page is drawn only while
 * fewer than `atOnce` are being drawn and drawing has taken less than `msPerSecond` of the
 * current second; beyond that a visitor gets the app shell, as every visitor did before pages
 * were drawn. So a flood of pages not in the cache (every artist in turn) takes at most about
 * half a core, and the API keeps the rest.
 */
export const DRAW_LIMITS = { atOnce: 2, msPerSecond: 500 };

/** Thrown instead of drawing when the limits are reached. */
export class TooBusyToDraw extends Error {}

/** Runs `draw` within DRAW_LIMITS, or throws TooBusyToDraw. */
export function drawLimiter(limits = DRAW_LIMITS, now: () => number = () => performance.now()) {
  let drawing = 0;
  let secondStart = Number.NEGATIVE_INFINITY;
  let spent = 0;
  return async <T>(draw: () => Promise<T>): Promise<T> => {
    const started = now();
    if (started - secondStart >= 1000) {
      secondStart = started;
      spent = 0;
    }
    if (drawing >= limits.atOnce || spent >= limits.msPerSecond) throw new TooBusyToDraw();
    drawing++;
    try {
      return await draw();
    } finally {
      drawing--;
      spent += now() - started;
    }
  };
}

// The filters of the plain lists exactly as the routes' contracts produce them for a request
// with no query, so the rendered page reads (and fills) the same list cache entry the API does.
function plainJobFilter() {
  const { limit: _limit, cursor: _cursor, ...filter } = v.parse(JobListQuerySchema, {});
  return filter;
}
function plainArtistFilter() {
  const { limit: _limit, cursor: _cursor, ...filter } = v.parse(ArtistListQuerySchema, {});
  return filter;
}

const pageOfWire = <T>(page: WirePage) => ({
  items: JSON.parse(page.body.toString('utf8')) as T[],
  total: Number(page.total),
  nextCursor: page.nextCursor,
});

/**
 * The data the screen's first queries ask for, or null when there is nothing to draw (no such
 * job, or one under review): the app shell then shows what it shows today.
 */
export async function firstScreenData(
  app: FastifyInstance,
  target: Target,
  { savesData }: { savesData: boolean },
): Promise<FirstScreenData | null> {
  const { services, listCache } = app;
  try {
    switch (target.screen) {
      case 'home':
        return { screen: 'home' };
      case 'login':
        return { screen: 'login', form: emptyLoginForm() };
      case 'jobs': {
        // Data saver's lists are smaller pages: the renderer reads the one the app will ask for.
        if (savesData) return { screen: 'read', user: null };
        const filter = plainJobFilter();
        const page = await cachedPage({
          cache: listCache,
          list: jobList(filter),
          query: {},
          items: JobListingsSchema,
          load: (request, countWith) => services.jobs.list(filter, request, countWith),
        });
        return { screen: 'jobs', jobs: pageOfWire(page) };
      }
      case 'artists': {
        if (savesData) return { screen: 'read', user: null };
        const filter = plainArtistFilter();
        const page = await cachedPage({
          cache: listCache,
          list: artistList(filter),
          query: {},
          keyShape: ARTIST_PAGE_KEY,
          items: ArtistListSchema,
          load: (request, countWith) => services.artists.list(filter, request, countWith),
        });
        return { screen: 'artists', artists: pageOfWire(page) };
      }
      case 'job':
        // Inlined as the API answers it: through the same answer schemas.
        return {
          screen: 'job',
          id: target.id,
          job: answerAs(JobSchema, await services.jobs.find(target.id)),
        };
      case 'artist': {
        const { id } = target;
        const [artist, availability, bookedDays] = await Promise.all([
          services.artists.find(id),
          services.artists.availability(id),
          services.artists.bookedDays(id),
        ]);
        return {
          screen: 'artist',
          id,
          artist: answerAs(ArtistDetailSchema, artist),
          availability: answerAs(AvailabilityAnswerSchema, availability),
          bookedDays: answerAs(BookedDaysSchema, bookedDays),
        };
      }
    }
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
}

/**
 * The server renderer the build wrote (dist-server/entry-server.js), loaded at start and again
 * when a rebuild replaces it, so a page is never drawn by code older than the app it loads.
 * Without a build there is none, and every page is the app shell.
 */
export class ServerRendererFile {
  private stamp = '';
  private loaded: Promise<ServerRenderer> | undefined;

  constructor(private readonly file: string) {}

  /** The renderer and the version of the build it came from, or null when none is built. */
  async current(): Promise<{ renderer: ServerRenderer; stamp: string } | null> {
    if (!existsSync(this.file)) return null;
    const stamp = String(statSync(this.file).mtimeMs);
    if (stamp !== this.stamp || !this.loaded) {
      this.stamp = stamp;
      // A changed file is a new module: the query makes the import load it afresh.
      this.loaded = import(
        `${pathToFileURL(this.file).href}?build=${stamp}`
      ) as Promise<ServerRenderer>;
    }
    return { renderer: await this.loaded, stamp };
  }
}

export type { RenderedScreen };
