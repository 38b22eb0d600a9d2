import { MODERATION_MESSAGES, type ReportTarget } from '../../../contracts/moderation.ts';
import { ApiError } from '../../lib/api-client.ts';

/** The server's "under review" message when reports hid what was asked for, else null. */
export function underReviewMessage(error: unknown, target: ReportTarget): string | null {
  const message = MODERATION_MESSAGES.underReview[target];
  return error instanceof ApiError && error.status === 404 && error.serverMessage === message
    ? message
    : null;
}
