/**
 * Caps on what one account can make the platform do to other people: each booking request and
 * each application sends its recipient a message under our sender ID, so an account that could
 * send them without end could flood a person and spend our SMS budget. The numbers sit well
 * above what a person does by hand and far below what a script does. They are counted in the
 * database, so they hold across restarts and across processes. (Sign-in codes have their own
 * limits: OTP_RULES. The global hourly cap on notification SMS is a setting:
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
  payments: {
    /**
     * Each charge rings a handset whose number the payer typed: a payer starts a few a day
     * (another try after a decline), not ten an hour.
     */
    chargesPerPayerHour: 10,
    /** Prompts to one wallet number from everyone: nobody's phone is rung without end. */
    chargesPerWalletHour: 5,
  },
  notifications: {
    /**
     * Messages of one kind (booking requests, applicants, decisions) one person gets an hour;
     * the rest of that hour are folded into one summary ("You have 7 new booking requests").
     */
    perRecipientKindHour: 3,
  },
} as const;

export const HOUR_SECONDS = 60 * 60;

/** Seconds until the oldest event counted in a window of `windowSeconds` leaves it. */
export function secondsUntilWindowFrees(
  oldestIso: string,
  now: Date,
  windowSeconds: number = HOUR_SECONDS,
): number {
  return (Date.parse(oldestIso) + windowSeconds * 1000 - now.getTime()) / 1000;
}
