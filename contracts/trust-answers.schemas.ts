import * as v from 'valibot';
import { count, isoDate, money, nullableText, same, text } from './answers.schemas.ts';
import type {
  AdminQueue as AdminQueueType,
  ModerationResult as ModerationResultType,
  Report as ReportType,
} from './moderation.ts';
import { JOB_MODERATION, REPORT_REASONS, REPORT_TARGETS } from './moderation.ts';

/**
 * What the trust and safety routes answer: a report, the operator's queue, a moderation's and a
 * dispute's outcome. Answer schemas, like answers.schemas.ts: they describe what the server writes.
 */

// Trust and safety

export const ReportSchema = v.object({
  id: count,
  targetType: v.picklist(REPORT_TARGETS),
  targetId: count,
  reason: v.picklist(REPORT_REASONS),
  createdAt: isoDate,
});
same<v.InferOutput<typeof ReportSchema>, ReportType>(true);

const PersonRefSchema = v.object({
  id: count,
  name: text,
  phoneNumber: text,
  suspended: v.boolean(),
});
const engagementType = v.picklist(['booking', 'application']);

export const AdminQueueSchema = v.object({
  heldJobs: v.array(
    v.object({
      id: count,
      title: text,
      description: text,
      region: text,
      town: nullableText,
      createdAt: isoDate,
      poster: PersonRefSchema,
      reason: text,
    }),
  ),
  reported: v.array(
    v.object({
      targetType: v.picklist(REPORT_TARGETS),
      targetId: count,
      title: text,
      owner: PersonRefSchema,
      moderation: v.picklist(JOB_MODERATION),
      reports: v.array(
        v.object({
          reason: v.picklist(REPORT_REASONS),
          details: nullableText,
          createdAt: isoDate,
        }),
      ),
    }),
  ),
  disputes: v.array(
    v.object({
      paymentId: count,
      engagementType,
      engagementId: count,
      amount: money,
      serviceFee: money,
      disputedAt: isoDate,
      disputedBy: v.picklist(['payer', 'payee']),
      reason: text,
      payer: PersonRefSchema,
      payee: PersonRefSchema,
    }),
  ),
  frozen: v.array(
    v.object({
      paymentId: count,
      engagementType,
      engagementId: count,
      status: v.picklist(['held', 'released']),
      amount: money,
      serviceFee: money,
      frozenAt: isoDate,
      payer: PersonRefSchema,
      payee: PersonRefSchema,
    }),
  ),
});
same<v.InferOutput<typeof AdminQueueSchema>, AdminQueueType>(true);

export const ModerationResultSchema = v.object({
  targetType: v.picklist(REPORT_TARGETS),
  targetId: count,
  moderation: v.picklist(JOB_MODERATION),
  message: text,
});
same<v.InferOutput<typeof ModerationResultSchema>, ModerationResultType>(true);

/** POST /api/admin/disputes/:id: the payment after the operator's decision. */
export const DisputeResolvedSchema = v.object({
  paymentId: count,
  /** The payment's status after the decision (`released`, `refunded` ...). */
  status: text,
});
