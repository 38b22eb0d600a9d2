import * as v from 'valibot';
import { idSchema, objectSchema } from './common.schemas.ts';
import {
  DISPUTE_DECISIONS,
  MODERATION_ACTIONS,
  MODERATION_MESSAGES,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REPORT_TARGETS,
} from './moderation.ts';
import { cleanText } from './text.ts';

/** POST /api/reports: a report of a job, an artist or a profile, with a reason. */
export const CreateReportSchema = objectSchema({
  targetType: v.picklist(REPORT_TARGETS, MODERATION_MESSAGES.reportTargetType),
  targetId: idSchema(MODERATION_MESSAGES.reportTargetId),
  reason: v.picklist(REPORT_REASONS, MODERATION_MESSAGES.reportReason),
  details: v.nullish(
    v.pipe(
      v.string(MODERATION_MESSAGES.reportDetails),
      v.transform(cleanText),
      v.trim(),
      v.maxLength(REPORT_DETAILS_MAX, MODERATION_MESSAGES.reportDetails),
      v.transform((details) => (details === '' ? null : details)),
    ),
    null,
  ),
});
export type CreateReportInput = v.InferInput<typeof CreateReportSchema>;
export type CreateReport = v.InferOutput<typeof CreateReportSchema>;

/** POST /api/admin/moderation: an operator's decision on a listing or a profile. */
export const ModerationDecisionSchema = objectSchema({
  targetType: v.picklist(REPORT_TARGETS, MODERATION_MESSAGES.reportTargetType),
  targetId: idSchema(MODERATION_MESSAGES.reportTargetId),
  action: v.picklist(MODERATION_ACTIONS, MODERATION_MESSAGES.moderationAction),
});
export type ModerationDecision = v.InferOutput<typeof ModerationDecisionSchema>;

/** POST /api/admin/disputes/:paymentId: release the money to the payee or refund the payer. */
export const DisputeDecisionSchema = objectSchema({
  decision: v.picklist(DISPUTE_DECISIONS, MODERATION_MESSAGES.disputeDecision),
});
