import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { CreateApplicationSchema } from '../../contracts/applications.schemas.ts';
import { COVER_LETTER_MAX, type Status } from '../../contracts/applications.ts';
import { CATEGORIES, type Category } from '../../contracts/jobs.ts';
import { LANGUAGES, type Language } from '../../contracts/languages.ts';
import { GHANA_MOBILE } from '../../contracts/mobile-networks.ts';
import { REGIONS, type Region } from '../../contracts/regions.ts';
import type { ApplicationsService } from '../applications/applications-service.ts';
import type { Actor } from '../auth/actor.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { BookingsService } from '../bookings/bookings-service.ts';
import type { JobsService } from '../jobs/jobs-service.ts';
import { DomainError } from '../lib/domain-errors.ts';
import type { IdempotencyKey } from '../lib/idempotent-write.ts';
import type { Log } from '../lib/log.ts';
import { type MessageKey, type Translate, translator } from '../messages/catalogs.ts';
import { gsm7Length } from '../messages/gsm7.ts';
import { type ListMemory, listMemory } from './list-memory.ts';
import {
  ask,
  last,
  listMenu,
  more,
  SCREEN_MAX,
  type Screen,
  type UssdReply,
  withNotice,
} from './menu-kit.ts';
import { refusalText } from './refusals.ts';
import {
  jobScreen,
  jobTitle,
  requestLine,
  requestScreen,
  type ShownJob,
  ShownJobSchema,
  type ShownRequest,
  ShownRequestSchema,
  shownJob,
  shownRequest,
} from './screens.ts';
import type { UssdSessionStore } from './session-store.ts';
import { LANGUAGE_CHOICES, signUpScreens } from './ussd-sign-up.ts';

/** One request of a USSD session, whatever gateway brought it. */
export interface UssdRequest {
  /** The caller's number as the mobile network reports it. */
  phoneNumber: string;
  /** The gateway's id of this session (one dial). */
  sessionId: string;
  /** Everything the caller typed since they dialled, oldest first; empty on the first screen. */
  inputs: readonly string[];
}

export interface UssdEngineDeps {
  auth: AuthService;
  jobs: JobsService;
  applications: ApplicationsService;
  bookings: BookingsService;
  /** What each session has shown, and its last answer. */
  sessions: UssdSessionStore;
  /** PUBLIC_URL, named where a screen sends people to the web app. */
  publicUrl: string;
  log: Log;
}

export type UssdEngine = (request: UssdRequest) => Promise<UssdReply>;

/** How many jobs a region and category list offers: the newest, paged on the phone. */
const JOBS_LISTED = 40;
/** How many pending booking requests the artist's list offers, newest first. */
const REQUESTS_LISTED = 40;
/** My applications: the status of the last few. */
const APPLICATIONS_SHOWN = 5;

/**
 * The most inputs one session may carry. Africa's Talking ends a session after 180 seconds, so
 * 50 inputs would be one every 3.6 seconds, each screen read, answered and carried over the
 * network: more than anyone types. The longest real walk (paging to the 40th job of a list and
 * applying) is about 15. Past it a request is answered at once, replaying and querying nothing.
 */
export const USSD_INPUTS_MAX = 50;

const ShownJobsSchema = v.array(ShownJobSchema);
const ShownRequestsSchema = v.array(ShownRequestSchema);

const CATEGORY_KEYS: Record<Category, MessageKey> = {
  skilled_trades: 'categorySkilledTrades',
  professional: 'categoryProfessional',
  entertainment: 'categoryEntertainment',
  general_labor: 'categoryGeneralLabor',
};

const STATUS_KEYS: Record<Status, MessageKey> = {
  pending: 'statusPending',
  accepted: 'statusAccepted',
  rejected: 'statusRejected',
  completed: 'statusCompleted',
  cancelled: 'statusCancelled',
};

/**
 * The USSD service: menus for a caller, in their account's language, acting through the same
 * services as the web app (so the same rules, limits and notifications hold). Nothing is
 * written before a session's last screen, so a session the gateway drops half-way leaves
 * nothing half-made. Each session (the gateway's id with the caller's number) keeps what its
 * lists showed and its last answer: a choice acts on the item the caller saw, a request sent
 * again gets the same answer, and a session that has ended stays ended.
 */
export function createUssdEngine(deps: UssdEngineDeps): UssdEngine {
  const { auth, jobs, applications, bookings, sessions, publicUrl } = deps;
  const welcome = signUpScreens({ auth, publicUrl });

  return async function answer(request) {
    const { sessionId, phoneNumber, inputs } = request;
    const english = translator(null);
    if (!GHANA_MOBILE.test(phoneNumber)) return last(english('ussdNotGhana'));
    const caller = await auth.callerByPhone(phoneNumber);
    if (caller.kind === 'suspended') return last(translator(caller.language)('ussdSuspended'));
    const t = caller.kind === 'member' ? translator(caller.actor.language) : english;
    if (inputs.length > USSD_INPUTS_MAX) return last(t('ussdTooManySteps'));
    const userId = caller.kind === 'member' ? caller.actor.id : null;
    const stored = await sessions.find(sessionId, phoneNumber);
    if (stored) {
      // The gateway sent a request again (it gave up waiting): the first answer, nothing redone.
      if (sameInputs(stored.inputs, inputs)) return stored.reply;
      // Other inputs after the last screen, or after the caller's account changed (signed up
      // in this session or elsewhere): the session is over.
      if (stored.reply.end || stored.userId !== userId) return last(t('ussdSessionEnded'));
    }
    const lists = listMemory(stored?.lists);
    let reply: UssdReply;
    try {
      reply =
        caller.kind === 'unknown'
          ? await welcome(request, t, inputs)
          : await mainMenu(caller.actor, t, request, lists)(inputs);
    } catch (error) {
      if (!(error instanceof DomainError)) {
        deps.log.error({ err: error }, 'USSD answer failed');
        return last(t('ussdFailed'));
      }
      reply = last(refusalText(t, error, publicUrl));
    }
    try {
      await sessions.save(sessionId, phoneNumber, { userId, inputs, reply, lists: lists.lists });
    } catch (error) {
      // The caller still gets the answer; a repeat of this request is then worked out again.
      deps.log.error({ err: error }, 'USSD session not saved');
    }
    return reply;
  };

  // --- A member: the main menu ---------------------------------------------------------------

  function mainMenu(actor: Actor, t: Translate, request: UssdRequest, lists: ListMemory) {
    const menu = (inputs: readonly string[]): Promise<UssdReply> =>
      ask(
        t,
        t('ussdMenu'),
        (input, rest) => {
          if (input === '1') return chooseRegion(rest);
          if (input === '2') return myApplications();
          if (input === '3') return bookingRequests(rest);
          if (input === '4') return chooseLanguage(rest);
          return undefined;
        },
        inputs,
      );

    const chooseRegion = (inputs: readonly string[]): Promise<UssdReply> =>
      listMenu(
        t,
        {
          title: t('ussdJobRegion'),
          items: REGIONS,
          pick: (index, rest) => chooseCategory(REGIONS[index] as Region, rest),
          back: menu,
        },
        inputs,
      );

    const chooseCategory = (region: Region, inputs: readonly string[]): Promise<UssdReply> =>
      listMenu(
        t,
        {
          title: t('ussdJobCategory', { region }),
          items: CATEGORIES.map((category) => t(CATEGORY_KEYS[category])),
          pick: (index, rest) => listJobs(region, CATEGORIES[index] as Category, rest),
          back: chooseRegion,
        },
        inputs,
      );

    const listJobs = async (
      region: Region,
      category: Category,
      inputs: readonly string[],
    ): Promise<UssdReply> => {
      const found = await lists.remember(`jobs:${region}:${category}`, ShownJobsSchema, async () =>
        (await jobs.list({ region, category }, { limit: JOBS_LISTED })).items.map(shownJob),
      );
      const categoryName = t(CATEGORY_KEYS[category]);
      if (found.length === 0) {
        return last(t('ussdNoJobs', { category: categoryName, region }));
      }
      return listMenu(
        t,
        {
          title: t('ussdJobList', { category: categoryName, region }),
          items: found.map((job) => jobTitle(job, 28)),
          pick: (index, rest) =>
            showJob(found[index] as ShownJob, rest, (after) => listJobs(region, category, after)),
          back: (rest) => chooseCategory(region, rest),
        },
        inputs,
      );
    };

    const showJob = (
      job: ShownJob,
      inputs: readonly string[],
      back: Screen,
    ): Promise<UssdReply> => {
      const screen: Screen = (rest) =>
        ask(
          t,
          `${jobScreen(t, job)}\n${t('ussdBack')}`,
          (input, after) => {
            if (input === '1') return askNote(job, after, screen);
            if (input === '00') return back(after);
            return undefined;
          },
          rest,
        );
      return screen(inputs);
    };

    /**
     * The note is the first input the application contract takes, with any inputs after it (a
     * '*' typed in a note splits it into several); an empty or over-long one is asked for
     * again, saying why, and 00 goes back to the job.
     */
    const askNote = async (
      job: ShownJob,
      inputs: readonly string[],
      back: Screen,
    ): Promise<UssdReply> => {
      let why: string | undefined;
      for (const [at, typed] of inputs.entries()) {
        if (typed.trim() === '00') return back(inputs.slice(at + 1));
        const note = typed.trim() === '' ? '' : inputs.slice(at).join('*');
        const application = v.safeParse(CreateApplicationSchema, {
          jobId: job.id,
          coverLetter: note,
        });
        if (application.success) {
          await applications.apply(actor, application.output, {
            idempotency: sessionWrite(request, 'apply'),
          });
          return last(t('ussdApplied', { title: jobTitle(job, 40) }));
        }
        why =
          application.issues[0].type === 'max_length'
            ? t('ussdNoteTooLong', { max: COVER_LETTER_MAX })
            : t('ussdNoteEmpty');
      }
      return more(why ? withNotice(why, t('ussdAskNote')) : t('ussdAskNote'));
    };

    const myApplications = async (): Promise<UssdReply> => {
      const found = await applications.listMine(actor, {}, { limit: APPLICATIONS_SHOWN });
      if (found.items.length === 0) return last(t('ussdNoApplications'));
      const title = t('ussdApplications');
      const statuses = found.items.map((item) => t(STATUS_KEYS[item.status]));
      // The job titles share what room the title and the statuses leave.
      const room =
        SCREEN_MAX - gsm7Length(title) - statuses.reduce((sum, s) => sum + gsm7Length(s) + 3, 0);
      const titleMax = Math.max(6, Math.floor(room / found.items.length));
      const lines = found.items.map(
        (item, index) =>
          `${jobTitle({ id: item.jobId, title: item.job.title }, titleMax)}: ${statuses[index]}`,
      );
      return last([title, ...lines].join('\n'));
    };

    const bookingRequests = async (inputs: readonly string[]): Promise<UssdReply> => {
      if (actor.role !== 'artist') return last(t('ussdArtistsOnly', { url: publicUrl }));
      const found = await lists.remember('requests', ShownRequestsSchema, async () =>
        (
          await bookings.listForArtist(actor, { status: 'pending' }, { limit: REQUESTS_LISTED })
        ).items.map(shownRequest),
      );
      if (found.length === 0) return last(t('ussdNoRequests'));
      const list = (rest: readonly string[]): Promise<UssdReply> =>
        listMenu(
          t,
          {
            title: t('ussdRequests'),
            items: found.map(requestLine),
            pick: (index, after) => showRequest(found[index] as ShownRequest, after, list),
            back: menu,
          },
          rest,
        );
      return list(inputs);
    };

    const showRequest = (
      booking: ShownRequest,
      inputs: readonly string[],
      back: Screen,
    ): Promise<UssdReply> => {
      const { client } = booking;
      const decide = async (status: 'accepted' | 'rejected') => {
        await bookings.decide(actor, booking.id, status, {
          idempotency: sessionWrite(request, status),
        });
        return last(t(status === 'accepted' ? 'ussdAccepted' : 'ussdDeclined', { client }));
      };
      const screen = (rest: readonly string[]): Promise<UssdReply> =>
        ask(
          t,
          `${requestScreen(t, booking)}\n${t('ussdBack')}`,
          (input, after) => {
            if (input === '1') return decide('accepted');
            if (input === '2') {
              // Declining is final: the artist says so twice, as on the web.
              return ask(
                t,
                `${t('ussdConfirmDecline', { client })}\n${t('ussdBack')}`,
                (answer, further) => {
                  if (answer === '1') return decide('rejected');
                  if (answer === '00') return screen(further);
                  return undefined;
                },
                after,
              );
            }
            if (input === '00') return back(after);
            return undefined;
          },
          rest,
        );
      return screen(inputs);
    };

    const chooseLanguage = (inputs: readonly string[]): Promise<UssdReply> =>
      listMenu(
        t,
        {
          title: t('ussdLanguage'),
          items: LANGUAGE_CHOICES,
          pick: async (index) => {
            const language = LANGUAGES[index] as Language;
            await auth.setLanguage(actor, language);
            return last(translator(language)('ussdLanguageSet'));
          },
          back: menu,
        },
        inputs,
      );

    return menu;
  }
}

/** Whether a request carries the same inputs as the one answered last. */
const sameInputs = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((input, index) => input === b[index]);

/**
 * A session ends with at most one write, so the gateway's session id keys it: a request the
 * gateway sends again (it timed out waiting) is answered from the first, never done twice.
 */
function sessionWrite(request: UssdRequest, what: string): IdempotencyKey {
  return {
    key: `ussd:${request.sessionId}`,
    scope: `USSD ${what}`,
    requestHash: createHash('sha256').update(request.inputs.join('*')).digest('hex'),
    statusCode: 200,
  };
}
