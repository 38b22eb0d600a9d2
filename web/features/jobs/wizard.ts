/**
 * The Post a Job wizard's form: what each step checks before Next, where Publish sends the user
 * back to, and how the inputs become the POST /api/jobs payload. The server checks the payload
 * again with the shared CreateJobSchema; the title and description rules are the same schemas.
 */
import * as v from 'valibot';
import { isRealDate } from '../../../contracts/dates.ts';
import { JOB_MESSAGES, TOWN_MAX } from '../../../contracts/jobs.messages.ts';
import {
  CategorySchema,
  type CreateJobInput,
  JobDescriptionSchema,
  JobTitleSchema,
  JobTypeSchema,
} from '../../../contracts/jobs.schemas.ts';
import { priceFloorErrors, toPesewas } from '../../../contracts/money.ts';
import { RegionSchema } from '../../../contracts/regions.schemas.ts';
import { validate } from '../../../contracts/validate.ts';
import { msg } from '../../lib/i18n/translate.ts';

export const WIZARD_STEPS = [
  msg('Category'),
  msg('Details'),
  msg('Location & Rate'),
  msg('Review'),
] as const;
export type WizardStep = 0 | 1 | 2 | 3;
export const LAST_STEP: WizardStep = 3;

function isPositiveAmount(text: string | undefined): boolean {
  if (text === undefined || text.trim() === '') return false;
  const value = Number(text);
  return Number.isFinite(value) && value > 0;
}

/** The wizard's form: every field a string, as the inputs hold them. */
const JobFormSchema = v.pipe(
  v.object({
    category: CategorySchema,
    title: JobTitleSchema,
    description: JobDescriptionSchema,
    requiredSkills: v.string(),
    startDate: v.optional(
      v.union(
        [v.literal(''), v.pipe(v.string(), v.check(isRealDate, JOB_MESSAGES.startDate))],
        JOB_MESSAGES.startDate,
      ),
    ),
    region: v.pipe(v.string(JOB_MESSAGES.region), v.nonEmpty(JOB_MESSAGES.region), RegionSchema),
    town: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(TOWN_MAX, JOB_MESSAGES.town))),
    jobType: JobTypeSchema,
    hourlyRate: v.optional(v.string()),
    fixedPrice: v.optional(v.string()),
    estimatedHours: v.optional(
      v.union(
        [v.literal(''), v.pipe(v.string(), v.regex(/^[1-9]\d{0,4}$/, JOB_MESSAGES.estimatedHours))],
        JOB_MESSAGES.estimatedHours,
      ),
    ),
  }),
  // The rate message is reported on hourlyRate for both job types.
  v.forward(
    v.partialCheck(
      [['jobType'], ['hourlyRate'], ['fixedPrice']],
      (form) =>
        form.jobType === 'hourly'
          ? isPositiveAmount(form.hourlyRate)
          : isPositiveAmount(form.fixedPrice),
      JOB_MESSAGES.rate,
    ),
    ['hourlyRate'],
  ),
  // A rate under its floor is refused before sending, with the server's own message, on the
  // field of the chosen type.
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const form = dataset.value;
    const hourly = form.jobType === 'hourly';
    const pesewas = toPesewas(hourly ? form.hourlyRate : form.fixedPrice);
    // No amount, or none above 0, is the rate message's already.
    if (pesewas === undefined || pesewas <= 0) return;
    const errors = priceFloorErrors(hourly ? { hourlyRate: pesewas } : { fixedPrice: pesewas });
    for (const [field, message] of Object.entries(errors)) {
      const value = hourly ? form.hourlyRate : form.fixedPrice;
      addIssue({
        message,
        path: [{ type: 'object', origin: 'value', input: form, key: field, value }],
      });
    }
  }),
);
type JobFormInput = v.InferInput<typeof JobFormSchema>;
type JobForm = v.InferOutput<typeof JobFormSchema>;

/** The wizard's inputs; category is '' until one is chosen. */
export type JobFormState = { [K in keyof JobFormInput]-?: string } & {
  jobType: JobFormInput['jobType'];
};

export const EMPTY_JOB_FORM: JobFormState = {
  category: '',
  title: '',
  description: '',
  requiredSkills: '',
  startDate: '',
  region: '',
  town: '',
  jobType: 'hourly',
  hourlyRate: '',
  fixedPrice: '',
  estimatedHours: '',
};

/** The fields Next checks on each step; the optional start date and hours wait for Publish. */
const STEP_FIELDS: Record<WizardStep, readonly (keyof JobFormState)[]> = {
  0: ['category'],
  1: ['title', 'description', 'requiredSkills'],
  2: ['region', 'town', 'jobType', 'hourlyRate', 'fixedPrice'],
  3: [],
};

/** Where each field is entered, to send the user back to it when Publish finds a problem. */
const FIELD_STEP: Record<keyof JobFormState, WizardStep> = {
  category: 0,
  title: 1,
  description: 1,
  requiredSkills: 1,
  startDate: 1,
  region: 2,
  town: 2,
  jobType: 2,
  hourlyRate: 2,
  fixedPrice: 2,
  estimatedHours: 2,
};

/** The messages that block Next on `step`, keyed by field. */
export function stepErrors(form: JobFormState, step: WizardStep): Record<string, string> {
  const result = validate(JobFormSchema, form);
  if (result.ok) return {};
  const fields: readonly string[] = STEP_FIELDS[step];
  return Object.fromEntries(
    Object.entries(result.errors).filter(([field]) => fields.includes(field)),
  );
}

/** The whole form, as Publish checks it: the payload, or the errors and the first bad step. */
export function validateJobForm(
  form: JobFormState,
):
  | { ok: true; value: CreateJobInput }
  | { ok: false; errors: Record<string, string>; step: WizardStep } {
  const result = validate(JobFormSchema, form);
  if (result.ok) return { ok: true, value: jobFormToPayload(result.value) };
  const steps = Object.keys(result.errors).map(
    (field) => FIELD_STEP[field as keyof JobFormState] ?? 0,
  );
  return { ok: false, errors: result.errors, step: Math.min(...steps) as WizardStep };
}

/** "Plumbing, Tiling, , Welding " -> ["Plumbing", "Tiling", "Welding"] */
export function splitSkills(text: string): string[] {
  return text
    .split(',')
    .map((skill) => skill.trim())
    .filter((skill) => skill.length > 0);
}

/** The parsed form as the POST /api/jobs payload: only the chosen rate, hours as a number. */
function jobFormToPayload(form: JobForm): CreateJobInput {
  const hourly = form.jobType === 'hourly';
  return {
    title: form.title,
    description: form.description,
    category: form.category,
    region: form.region,
    town: form.town ? form.town : null,
    jobType: form.jobType,
    hourlyRate: hourly ? (form.hourlyRate ?? null) : null,
    fixedPrice: hourly ? null : (form.fixedPrice ?? null),
    estimatedHours: form.estimatedHours ? Number.parseInt(form.estimatedHours, 10) : null,
    requiredSkills: splitSkills(form.requiredSkills),
    startDate: form.startDate ? form.startDate : null,
  };
}
