import { REPORTER_MIN_AGE_DAYS } from '../../contracts/moderation.ts';
import { type SignedInUser, signUp, type TestApp, validJob } from './test-app.ts';

/** A job that asks applicants for a registration fee: the fee-scam check holds it. */
export const FEE_SCAM_JOB = {
  ...validJob,
  title: 'Shop attendants wanted in Madina',
  description:
    'Sell provisions in our shop. Registration fee of GHS 50 is required from all applicants.',
};

const DAY = 24 * 60 * 60;

/** Each person reports from their own address (10.0.x.y by their id), as people in different places do. */
const addressOf = (who: SignedInUser) => `10.0.${who.id >> 8}.${who.id & 255}`;

/** POST /api/reports as `who` (signed out when null), from their own address unless told. */
export function report(t: TestApp, who: SignedInUser | null, body: object, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: who ? { cookie: who.cookie } : {},
    remoteAddress: remoteAddress ?? (who ? addressOf(who) : '127.0.0.1'),
    payload: body,
  });
}

export function reportJob(t: TestApp, who: SignedInUser, jobId: number, reason = 'fake') {
  return report(t, who, { targetType: 'job', targetId: jobId, reason });
}

/** The ids of the jobs a visitor sees listed. */
export async function listedJobIds(t: TestApp): Promise<number[]> {
  return (await t.app.inject({ url: '/api/jobs' })).json<{ id: number }[]>().map((job) => job.id);
}

/**
 * People who signed up a week ago (the app's clock moved on): their reports count toward hiding
 * a listing, as a new account's do not.
 */
export async function weekOldAccounts(t: TestApp, count: number): Promise<SignedInUser[]> {
  const accounts: SignedInUser[] = [];
  for (let i = 0; i < count; i++) accounts.push(await signUp(t));
  t.advance(REPORTER_MIN_AGE_DAYS * DAY);
  return accounts;
}

/** An operator's decision on a listing: publish, remove or suspend. */
export function decide(
  t: TestApp,
  admin: SignedInUser,
  targetType: string,
  targetId: number,
  action: string,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/moderation',
    headers: { cookie: admin.cookie },
    payload: { targetType, targetId, action },
  });
}
