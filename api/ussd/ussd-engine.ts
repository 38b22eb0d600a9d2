import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { CreateApplicationSchema } from '../../contracts/applications.schemas.ts';
import type { Status } from '../../contracts/applications.ts';
import { SignupProfileSchema } from '../../contracts/auth.schemas.ts';
import type { Role } from '../../contracts/auth.ts';
import type { Booking } from '../../contracts/bookings.ts';
import { cleanDisplayName } from '../../contracts/display-name.ts';
import { CATEGORIES, type Category, type JobListing, jobPlace } from '../../contracts/jobs.ts';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../contracts/languages.ts';
import { GHANA_MOBILE } from '../../contracts/mobile-networks.ts';
import { formatGhs } from '../../contracts/money.ts';
import { REGIONS, type Region } from '../../contracts/regions.ts';
import type { ApplicationsService } from '../applications/applications-service.ts';
import type { Actor } from '../auth/actor.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { BookingsService } from '../bookings/bookings-service.ts';
import type { JobsService } from '../jobs/jobs-service.ts';
import { dayLabel } from '../lib/day-label.ts';
import { Conflict, DomainError } from '../lib/domain-errors.ts';
import type { IdempotencyKey } from '../lib/idempotent-write.ts';
import type { Log } from '../lib/log.ts';
import { type MessageKey, type Translate, translator } from '../messages/catalogs.ts';
import { gsm7Length, gsm7Text } from '../messages/gsm7.ts';
import { ask, last, listMenu, more, SCREEN_MAX, type UssdReply } from './menu-kit.ts';

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

const SIGN_UP_ROLES = new Map<string, Role>([
  ['1', 'job_seeker'],
  ['2', 'employer'],
  ['3', 'artist'],
]);

/** Each language by its own name, as GSM-7 carries it (Eʋegbe as Evegbe, Gã as Ga). */
const LANGUAGE_CHOICES = LANGUAGES.map((language) => gsm7Text(LANGUAGE_NAMES[language], 20));

/**
 * The USSD service: menus for a caller, in their account's language, acting through the same
 * services as the web app (so the same rules, limits and notifications hold). Nothing is
 * written before a session's last screen, so a session the gateway drops half-way leaves
 * nothing half-made.
 */
export function createUssdEngine(deps: UssdEngineDeps): UssdEngine {
  const { auth, jobs, applications, bookings, publicUrl } = deps;

  return async function answer(request) {
    const english = translator(null);
    if (!GHANA_MOBILE.test(request.phoneNumber)) return last(english('ussdNotGhana'));
    const caller = await auth.callerByPhone(request.phoneNumber);
    if (caller.kind === 'suspended') return last(translator(caller.language)('ussdSuspended'));
    const t = caller.kind === 'member' ? translator(caller.actor.language) : english;
    try {
      if (caller.kind === 'unknown') return await welcome(request, t, request.inputs);
      return await mainMenu(caller.actor, t, request)(request.inputs);
    } catch (error) {
      if (error instanceof DomainError) return last(refusal(t, error.message));
      deps.log.error({ err: error }, 'USSD answer failed');
      return last(t('ussdFailed'));
    }
  };

  // --- A number with no account: sign up in three screens ----------------------------------

  async function welcome(
    request: UssdRequest,
    t: Translate,
    inputs: readonly string[],
  ): Promise<UssdReply> {
    // Sign-up goes on in the language chosen here, and the new account keeps it.
    const start = (language: Language | null, rest: readonly string[]) =>
      askName(request, translator(language), language, rest);
    return ask(
      t,
      t('ussdWelcome'),
      (input, rest) => {
        if (input === '1') return start(null, rest);
        if (input === '2') {
          return listMenu(
            t,
            {
              title: t('ussdLanguage'),
              items: LANGUAGE_CHOICES,
              pick: (index, after) => start(LANGUAGES[index] ?? null, after),
              back: (after) => welcome(request, t, after),
            },
            rest,
          );
        }
        return undefined;
      },
      inputs,
    );
  }

  function askName(
    request: UssdRequest,
    t: Translate,
    language: Language | null,
    inputs: readonly string[],
  ): Promise<UssdReply> {
    return ask(
      t,
      t('ussdAskName'),
      (input, rest) => {
        const [firstName, ...others] = input.split(/\s+/).filter(Boolean);
        if (!firstName || others.length === 0) return undefined;
        const name = { firstName, lastName: others.join(' ') };
        return askRole(request, t, language, name, rest);
      },
      inputs,
      t('ussdNameAgain'),
    );
  }

  function askRole(
    request: UssdRequest,
    t: Translate,
    language: Language | null,
    name: { firstName: string; lastName: string },
    inputs: readonly string[],
  ): Promise<UssdReply> {
    return ask(
      t,
      t('ussdAskRole'),
      (input, rest) => {
        const role = SIGN_UP_ROLES.get(input);
        return role ? askRegion(request, t, language, { ...name, role }, rest) : undefined;
      },
      inputs,
    );
  }

  function askRegion(
    request: UssdRequest,
    t: Translate,
    language: Language | null,
    partial: { firstName: string; lastName: string; role: Role },
    inputs: readonly string[],
  ): Promise<UssdReply> {
    return listMenu(
      t,
      {
        title: t('ussdAskRegion'),
        items: REGIONS,
        pick: async (index) => {
          // The web's sign-up contract judges the profile: the same names are refused.
          const profile = v.safeParse(SignupProfileSchema, { ...partial, region: REGIONS[index] });
          if (!profile.success) return last(refusal(t, profile.issues[0].message));
          try {
            const actor = await auth.signUpVerifiedCaller({
              phoneNumber: request.phoneNumber,
              profile: profile.output,
              language,
            });
            return last(t('ussdSignedUp', { name: gsm7Text(actor.firstName, 20), url: publicUrl }));
          } catch (error) {
            // Signed up meanwhile (on the web, or a second dial): nothing more to do here.
            if (error instanceof Conflict) return last(t('ussdNumberTaken'));
            throw error;
          }
        },
        back: (rest) => askRole(request, t, language, partial, rest),
      },
      inputs,
    );
  }

  // --- A member: the main menu ---------------------------------------------------------------

  function mainMenu(actor: Actor, t: Translate, request: UssdRequest) {
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
      const found = await jobs.list({ region, category }, { limit: JOBS_LISTED });
      const categoryName = t(CATEGORY_KEYS[category]);
      if (found.items.length === 0) {
        return last(t('ussdNoJobs', { category: categoryName, region }));
      }
      return listMenu(
        t,
        {
          title: t('ussdJobList', { category: categoryName, region }),
          items: found.items.map((job) => gsm7Text(job.title, 28)),
          pick: (index, rest) =>
            showJob(found.items[index] as JobListing, rest, (after) =>
              listJobs(region, category, after),
            ),
          back: (rest) => chooseCategory(region, rest),
        },
        inputs,
      );
    };

    const showJob = (
      job: JobListing,
      inputs: readonly string[],
      back: (inputs: readonly string[]) => Promise<UssdReply>,
    ): Promise<UssdReply> =>
      ask(
        t,
        `${jobScreen(t, job)}\n${t('ussdBack')}`,
        (input, rest) => {
          if (input === '1') return askNote(job, rest);
          if (input === '00') return back(rest);
          return undefined;
        },
        inputs,
      );

    const askNote = (job: JobListing, inputs: readonly string[]): Promise<UssdReply> => {
      if (inputs.length === 0) return Promise.resolve(more(t('ussdAskNote')));
      // The note is the session's last input; a '*' typed in it splits it into several.
      const note = inputs.join('*');
      const application = v.safeParse(CreateApplicationSchema, {
        jobId: job.id,
        coverLetter: note,
      });
      if (!application.success)
        return Promise.resolve(last(refusal(t, application.issues[0].message)));
      return applications
        .apply(actor, application.output, { idempotency: sessionWrite(request, 'apply') })
        .then(() => last(t('ussdApplied', { title: gsm7Text(job.title, 40) })));
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
        (item, index) => `${gsm7Text(item.job.title, titleMax)}: ${statuses[index]}`,
      );
      return last([title, ...lines].join('\n'));
    };

    const bookingRequests = async (inputs: readonly string[]): Promise<UssdReply> => {
      if (actor.role !== 'artist') return last(t('ussdArtistsOnly', { url: publicUrl }));
      const found = await bookings.listForArtist(
        actor,
        { status: 'pending' },
        { limit: REQUESTS_LISTED },
      );
      if (found.items.length === 0) return last(t('ussdNoRequests'));
      const list = (rest: readonly string[]): Promise<UssdReply> =>
        listMenu(
          t,
          {
            title: t('ussdRequests'),
            items: found.items.map(
              (booking) => `${dayLabel(booking.eventDate)} ${clientOf(booking)}`,
            ),
            pick: (index, after) => showRequest(found.items[index] as Booking, after, list),
            back: menu,
          },
          rest,
        );
      return list(inputs);
    };

    const showRequest = (
      booking: Booking,
      inputs: readonly string[],
      back: (inputs: readonly string[]) => Promise<UssdReply>,
    ): Promise<UssdReply> => {
      const client = clientOf(booking);
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

/** A job as a USSD screen shows it: title, who and where, pay, and Apply. */
export function jobScreen(t: Translate, job: JobListing): string {
  const amount = formatGhs(job.jobType === 'hourly' ? job.hourlyRate : job.fixedPrice);
  return t('ussdJob', {
    title: gsm7Text(job.title, 44),
    employer: cleanDisplayName(job.employer.name, 24) || t('theEmployer'),
    place: gsm7Text(jobPlace(job), 30),
    pay: t(job.jobType === 'hourly' ? 'ussdPayHourly' : 'ussdPayFixed', { amount }),
  });
}

/** A booking request as the artist's USSD screen shows it, with Accept and Decline. */
export function requestScreen(t: Translate, booking: Booking): string {
  return t('ussdRequest', {
    client: clientOf(booking),
    day: dayLabel(booking.eventDate),
    what: gsm7Text(booking.eventType ?? '', 20) || '-',
    hours: booking.eventDuration,
    where: gsm7Text(booking.venue, 34),
    amount: formatGhs(booking.totalAmount),
  });
}

const clientOf = (booking: Booking) =>
  cleanDisplayName(`${booking.client.firstName} ${booking.client.lastName}`, 24) || '-';

/** A service's refusal, as short as the screen needs. */
function refusal(t: Translate, reason: string): string {
  const room = SCREEN_MAX - gsm7Length(t('ussdRefused', { reason: '' }));
  return t('ussdRefused', { reason: gsm7Text(reason, room) });
}

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
