/**
 * Caps on what one account can make the platform do to other people: each booking request and
 * each application sends its recipient a message under our sender ID, so an account that could
 * send them without end could flood a person and spend our SMS budget; and status changes,
 * idempotency records and picture uploads spend what everyone shares (the list caches, the
 * disk, the decodes). The numbers sit well above what a person does by hand and far below what
 * a script does. They are counted in the database, inside the write, so they hold across
 * restarts and across processes; only the uploads one artist has under way at once are counted
 * per process. USER_WRITE_CAPS=0 lifts them all for load and crash tests. (Sign-in codes have
 * their own limits: OTP_RULES. The global hourly cap on notification SMS is a setting:
 * NOTIFICATION_SMS_PER_HOUR.)
 */
export const USAGE_CAPS = {
  bookingRequests: {
    /** A client books artists for their own events: a few a week, not ten an hour. */
    perClientHour: 10,
    /**
     * Requests waiting for an artist's answer (for events still to come). A planner books a
     * handful of artists for an event; ten unanswered ones is a sign to wait.
     */
    openPerClient: 10,
    /** One artist rarely needs more than a few open requests from one client (several dates). */
    openPerClientArtist: 3,
  },
  applications: {
    /** Each application needs a cover letter: thirty an hour is a very busy seeker. */
    perApplicantHour: 30,
    /**
     * Applications waiting for an employer's answer on jobs still open. A seeker may apply to
     * many jobs, so this only stops a script carpeting every employer.
     */
    openPerApplicant: 100,
  },
  stateChanges: {
    /**
     * Closing or reopening a job and deciding on an applicant or a booking, counted together:
     * each is a tap on a dashboard, so one a second for a whole minute is a person clearing a
     * backlog. A script toggling a job goes a hundred times faster, and every job change makes
     * the cached job lists start again for everyone.
     */
    perUserMinute: 60,
    /** An employer deciding on a big job's applicants decides a few hundred in an hour at most. */
    perUserHour: 300,
  },
  idempotencyKeys: {
    /**
     * Idempotency records stored for one user in a day. Each is kept 45 days (a write may wait
     * that long in a phone's outbox) and holds a whole answer, so without a cap one account
     * could grow the table until the disk is full. A person's keyed writes in a day
     * (applications, booking requests, job posts, decisions) are a few dozen, not a thousand.
     */
    perUserDay: 1000,
  },
  pictureUploads: {
    /**
     * Each upload is a decode that holds about 70 MB and a core for a second or more. An artist
     * fills 8 portfolio places, with a few retries and replacements: 20 an hour is ample.
     */
    perArtistHour: 20,
    /** Three times the hourly figure: a day of reworking a portfolio, not a day-long loop. */
    perArtistDay: 60,
    /**
     * Pictures one artist may be uploading at once (from the request to its answer). The web
     * app uploads one at a time; more would let one artist hold the shared decode places.
     */
    atOncePerArtist: 1,
  },
  payments: {
    /**
     * Each charge rings a handset whose number the payer typed: a payer starts a few a day
     * (another try after a decline), not ten an hour.
     */
    chargesPerPayerHour: 10,
    /** Prompts to one wallet number from everyone: nobody's phone is rung without end. */
    chargesPerWalletHour: 5,
  },
  reports: {
    /**
     * Reports of listings and profiles one user sends. Three reports from different people hide
     * a listing, so reports are a lever on others: a person reports what they come across, a
     * handful a day; a script would report everything in sight.
     */
    perUserHour: 10,
    perUserDay: 30,
  },
  notifications: {
    /**
     * Messages of one kind (booking requests, applicants, decisions) one person gets an hour;
     * the rest of that hour are folded into one summary ("You have 7 new booking requests").
     */
    perRecipientKindHour: 3,
  },
} as const;

/**
 * Picture bodies held in memory at once by the whole server, from their first byte read to their
 * answer sent: at most 5 MB each, so at most 80 MB. Two decode, a dozen wait for a decode
 * (picture-encoder.ts) and two more may be arriving. An upload beyond it is refused before its
 * body is read (503 with Retry-After), so a crowd of uploads costs sockets, not memory.
 */
export const PICTURE_BODIES_AT_ONCE = 16;

export const MINUTE_SECONDS = 60;
export const HOUR_SECONDS = 60 * MINUTE_SECONDS;
export const DAY_SECONDS = 24 * HOUR_SECONDS;

/** Seconds until the oldest event counted in a window of `windowSeconds` leaves it. */
export function secondsUntilWindowFrees(
  oldestIso: string,
  now: Date,
  windowSeconds: number = HOUR_SECONDS,
): number {
  return (Date.parse(oldestIso) + windowSeconds * 1000 - now.getTime()) / 1000;
}

/** A wait as a person reads it: "1 minute", "12 minutes", "5 hours". */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 120) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}
