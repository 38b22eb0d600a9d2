import * as v from 'valibot';
import { APPLICATION_MESSAGES, COVER_LETTER_MAX } from './applications.ts';
import { IdSchema, idSchema, objectSchema } from './common.schemas.ts';
import { pageEntries } from './paging.schemas.ts';
import { cleanText } from './text.ts';

export const CreateApplicationSchema = objectSchema({
  jobId: idSchema(APPLICATION_MESSAGES.jobId),
  coverLetter: v.pipe(
    v.string(APPLICATION_MESSAGES.coverLetter),
    v.transform(cleanText),
    v.trim(),
    v.nonEmpty(APPLICATION_MESSAGES.coverLetter),
    v.maxLength(COVER_LETTER_MAX, `Cover letter must be at most ${COVER_LETTER_MAX} characters`),
  ),
});
export type CreateApplication = v.InferOutput<typeof CreateApplicationSchema>;

/**
 * GET /api/applications/user: the signed-in user's applications, newest first; `jobId` keeps the
 * one to that job (the job page asks whether, and how, its visitor applied).
 */
export const UserApplicationsQuerySchema = objectSchema({
  jobId: v.optional(IdSchema),
  ...pageEntries,
});
