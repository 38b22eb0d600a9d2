import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { DAY_SECONDS, HOUR_SECONDS, MINUTE_SECONDS, USAGE_CAPS, waitText } from './caps.ts';
import { addSeconds } from './clock.ts';
import { LimitReached } from './domain-errors.ts';
import { lockUser } from './locks.ts';
import { nthNewestActionSince, recordAction, type UserAction } from './user-actions-repository.ts';

/** At most `max` in any `seconds`; `per` says the window in a message ("a minute"). */
interface RateWindow {
  max: number;
  seconds: number;
  per: string;
}

/** A rate on one kind of action, and how a refusal reads. */
interface UserRate {
  action: UserAction;
  windows: readonly RateWindow[];
  /** What the user may do, for the message: "make at most 60 changes" (a minute). */
  doing: (max: number) => string;
}

const caps = USAGE_CAPS;

/** At most `max` a minute, an hour or a day. */
const perMinute = (max: number): RateWindow => ({ max, seconds: MINUTE_SECONDS, per: 'a minute' });
const perHour = (max: number): RateWindow => ({ max, seconds: HOUR_SECONDS, per: 'an hour' });
const perDay = (max: number): RateWindow => ({ max, seconds: DAY_SECONDS, per: 'a day' });

/** Closing and reopening jobs, deciding on applications and bookings (USAGE_CAPS.stateChanges). */
export const STATE_CHANGE_RATE: UserRate = {
  action: 'state_change',
  windows: [perMinute(caps.stateChanges.perUserMinute), perHour(caps.stateChanges.perUserHour)],
  doing: (max) => `make at most ${max} changes`,
};

/** Portfolio picture uploads (USAGE_CAPS.pictureUploads). */
export const PICTURE_UPLOAD_RATE: UserRate = {
  action: 'picture_upload',
  windows: [perHour(caps.pictureUploads.perArtistHour), perDay(caps.pictureUploads.perArtistDay)],
  doing: (max) => `upload at most ${max} pictures`,
};

/** Reports of listings and profiles (USAGE_CAPS.reports). */
export const REPORT_RATE: UserRate = {
  action: 'report',
  windows: [perHour(caps.reports.perUserHour), perDay(caps.reports.perUserDay)],
  doing: (max) => `send at most ${max} reports`,
};

/**
 * Counts one action against the user's rate, or refuses it (LimitReached, with the wait until
 * the action that filled the window leaves it) and records nothing. Run it inside the write's
 * transaction: the count and the record are then one step for every process on the database.
 */
export async function takeAction(
  trx: Kysely<Database>,
  userId: number,
  rate: UserRate,
  now: Date,
): Promise<void> {
  await lockUser(trx, userId);
  for (const window of rate.windows) {
    const since = addSeconds(now, -window.seconds).toISOString();
    const filledAt = await nthNewestActionSince(trx, userId, rate.action, since, window.max);
    if (filledAt === undefined) continue;
    const waitSeconds = (Date.parse(filledAt) - now.getTime()) / 1000 + window.seconds;
    throw new LimitReached(
      `You can ${rate.doing(window.max)} ${window.per}. Please try again in ${waitText(waitSeconds)}.`,
      waitSeconds,
    );
  }
  await recordAction(trx, userId, rate.action, now);
}
