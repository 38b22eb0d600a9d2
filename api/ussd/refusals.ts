import { APPLICATION_MESSAGES, STATUSES } from '../../contracts/applications.ts';
import { STATUS_CHANGE_MESSAGES } from '../../contracts/transitions.ts';
import { ROLE_FIRST } from '../auth/actor.ts';
import {
  ARTIST_DECIDES,
  BOOKING_NOT_FOUND,
  NOT_YOUR_BOOKING,
} from '../bookings/bookings-service.ts';
import { JOB_NOT_FOUND } from '../jobs/jobs-service.ts';
import { USAGE_CAPS } from '../lib/caps.ts';
import { type DomainError, LimitReached } from '../lib/domain-errors.ts';
import { KEY_REUSED } from '../lib/idempotent-write.ts';
import type { MessageKey, MessageParams, Translate } from '../messages/catalogs.ts';
import { gsm7Length, gsm7Text } from '../messages/gsm7.ts';
import { SCREEN_MAX } from './menu-kit.ts';

/** What a service refused with (a DomainError), or a contract's message. */
type Refusal = Pick<DomainError, 'message'>;

/** A refusal as the catalogs say it: a key and what fills it. */
type Said = [key: MessageKey, params?: MessageParams];

/**
 * The refusals a USSD caller can meet (applying, answering a booking request), by the
 * service's own message, each said in the catalogs so the caller reads it in their language.
 */
const BY_MESSAGE = new Map<string, (url: string) => Said>([
  [JOB_NOT_FOUND, () => ['ussdRefusalJobGone']],
  [APPLICATION_MESSAGES.inactive, () => ['ussdRefusalJobClosed']],
  [APPLICATION_MESSAGES.ownJob, () => ['ussdRefusalOwnJob']],
  [APPLICATION_MESSAGES.duplicate, () => ['ussdRefusalApplied']],
  [
    APPLICATION_MESSAGES.openApplications(USAGE_CAPS.applications.openPerApplicant),
    () => ['ussdRefusalOpenApplications', { count: USAGE_CAPS.applications.openPerApplicant }],
  ],
  [ROLE_FIRST, (url) => ['ussdRefusalRoleFirst', { url }]],
  [BOOKING_NOT_FOUND, () => ['ussdRefusalRequestGone']],
  [NOT_YOUR_BOOKING, () => ['ussdRefusalNotYours']],
  [ARTIST_DECIDES, () => ['ussdRefusalNotYours']],
  // Answering a request that was answered meanwhile (on the web, or in another dial).
  ...STATUSES.flatMap((from) =>
    (['accepted', 'rejected'] as const)
      .filter((to) => to !== from)
      .map((to): [string, () => Said] => [
        STATUS_CHANGE_MESSAGES.notAllowed(from, to),
        () => ['ussdRefusalNotPending'],
      ]),
  ),
]);

/** The value `make` put into `message`, when `make` wrote it. */
function filledIn(message: string, make: (value: string) => string): string | undefined {
  const [before = '', after = ''] = make('\u0000').split('\u0000');
  const fits =
    message.length > before.length + after.length &&
    message.startsWith(before) &&
    message.endsWith(after);
  return fits ? message.slice(before.length, message.length - after.length) : undefined;
}

function said(error: Refusal, url: string): Said | undefined {
  const known = BY_MESSAGE.get(error.message);
  if (known) return known(url);
  const day = filledIn(error.message, STATUS_CHANGE_MESSAGES.doubleBooking);
  if (day !== undefined) return ['ussdRefusalBookedDay', { day: gsm7Text(day, 20) }];
  // Every rate and daily cap: the wait is the web's to spell out; the phone says "later".
  if (error instanceof LimitReached) return ['ussdRefusalTooOften'];
  return undefined;
}

/**
 * A service's refusal on the caller's screen, in their language. One the catalogs do not have
 * is shown in the service's English, folded into GSM-7 and cut to the screen.
 */
export function refusalText(t: Translate, error: Refusal, url: string): string {
  // The session's write key met with other inputs: a session id the gateway used again.
  if (error.message === KEY_REUSED) return t('ussdSessionEnded');
  const known = said(error, url);
  const reason = known ? t(...known) : error.message;
  const room = SCREEN_MAX - gsm7Length(t('ussdRefused', { reason: '' }));
  return t('ussdRefused', { reason: gsm7Text(reason, room) });
}
