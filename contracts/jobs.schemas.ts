import * as v from 'valibot';
import { IdSchema, objectSchema, optionalFilter } from './common.schemas.ts';
import { isRealDate } from './dates.ts';
import {
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  JOB_MESSAGES,
  SKILL_MAX_LENGTH,
  SKILLS_MAX,
  TITLE_MAX,
  TITLE_MIN,
  TOWN_MAX,
} from './jobs.messages.ts';
import { CATEGORIES, JOB_TYPES } from './jobs.ts';
import { moneySchema } from './money.schemas.ts';
import { pagingEntries } from './paging.schemas.ts';
import { RegionSchema } from './regions.schemas.ts';
import { REGIONS } from './regions.ts';
import { cleanText, hasVisibleCharacter } from './text.ts';

export const CategorySchema = v.picklist(CATEGORIES, JOB_MESSAGES.category);
export const JobTypeSchema = v.picklist(JOB_TYPES, JOB_MESSAGES.jobType);

/** A job's title as every form and request takes it: trimmed, 5 to 120 characters. */
export const JobTitleSchema = v.pipe(
  v.string(JOB_MESSAGES.title),
  v.transform(cleanText),
  v.trim(),
  v.minLength(TITLE_MIN, JOB_MESSAGES.title),
  // Five zero-width spaces are five characters and no title.
  v.check(hasVisibleCharacter, JOB_MESSAGES.title),
  v.maxLength(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
);
/** A job's description: trimmed, 20 to 5,000 characters. */
export const JobDescriptionSchema = v.pipe(
  v.string(JOB_MESSAGES.description),
  v.transform(cleanText),
  v.trim(),
  v.minLength(DESCRIPTION_MIN, JOB_MESSAGES.description),
  v.maxLength(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`),
);

const nullableMoney = v.nullish(moneySchema(JOB_MESSAGES.rate), null);

/** The body of POST /api/jobs. Amounts arrive as numbers or decimal strings and leave as pesewas. */
export const CreateJobSchema = v.pipe(
  objectSchema({
    title: JobTitleSchema,
    description: JobDescriptionSchema,
    category: CategorySchema,
    region: RegionSchema,
    town: v.nullish(
      v.pipe(
        v.string(JOB_MESSAGES.town),
        v.transform(cleanText),
        v.transform((town) => town.replace(/\s+/g, ' ').trim()),
        v.maxLength(TOWN_MAX, JOB_MESSAGES.town),
        v.transform((town) => (town === '' ? null : town)),
      ),
      null,
    ),
    jobType: JobTypeSchema,
    hourlyRate: nullableMoney,
    fixedPrice: nullableMoney,
    estimatedHours: v.nullish(
      v.pipe(
        v.number(JOB_MESSAGES.estimatedHours),
        v.integer(JOB_MESSAGES.estimatedHours),
        v.minValue(1, JOB_MESSAGES.estimatedHours),
        v.maxValue(10_000, JOB_MESSAGES.estimatedHours),
      ),
      null,
    ),
    requiredSkills: v.optional(
      v.pipe(
        v.array(
          v.pipe(
            v.string('Each skill must be text'),
            v.transform(cleanText),
            v.trim(),
            v.nonEmpty('Skills cannot be empty'),
            v.maxLength(
              SKILL_MAX_LENGTH,
              `Each skill must be at most ${SKILL_MAX_LENGTH} characters`,
            ),
          ),
          'Required skills must be a list',
        ),
        v.maxLength(SKILLS_MAX, `At most ${SKILLS_MAX} skills`),
      ),
      [],
    ),
    startDate: v.nullish(
      v.pipe(v.string(JOB_MESSAGES.startDate), v.check(isRealDate, JOB_MESSAGES.startDate)),
      null,
    ),
  }),
  v.forward(
    v.partialCheck(
      [['jobType'], ['hourlyRate'], ['fixedPrice']],
      (job) => {
        const rate = job.jobType === 'hourly' ? job.hourlyRate : job.fixedPrice;
        return rate !== null && rate > 0;
      },
      JOB_MESSAGES.rate,
    ),
    ['hourlyRate'],
  ),
  // Only the rate of the chosen type is kept.
  v.transform((job) => ({
    ...job,
    hourlyRate: job.jobType === 'hourly' ? job.hourlyRate : null,
    fixedPrice: job.jobType === 'fixed' ? job.fixedPrice : null,
  })),
);
export type CreateJobInput = v.InferInput<typeof CreateJobSchema>;
export type CreateJob = v.InferOutput<typeof CreateJobSchema>;

/** GET /api/jobs query. 'all' or an empty value means no filter, as the spec's client omits it. */
export const JobListQuerySchema = objectSchema({
  category: optionalFilter(CATEGORIES, JOB_MESSAGES.category),
  region: optionalFilter(REGIONS, JOB_MESSAGES.region),
  employerId: v.optional(IdSchema),
  ...pagingEntries,
});
export type JobListQuery = v.InferOutput<typeof JobListQuerySchema>;
