import { type JobForm, type JobFormInput, JobFormSchema } from '../../../contracts/jobs.schemas.ts';
import { JOB_WIZARD_STEP_FIELDS } from '../../../contracts/jobs.ts';
import { validate } from '../../../contracts/validate.ts';

export const WIZARD_STEPS = ['Category', 'Details', 'Location & Rate', 'Review'] as const;
export type WizardStep = 0 | 1 | 2 | 3;
export const LAST_STEP: WizardStep = 3;

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
  jobType: 'hourly',
  hourlyRate: '',
  fixedPrice: '',
  estimatedHours: '',
};

/** Where each field is entered, to send the user back to it when Publish finds a problem. */
const FIELD_STEP: Record<keyof JobFormState, WizardStep> = {
  category: 0,
  title: 1,
  description: 1,
  requiredSkills: 1,
  startDate: 1,
  region: 2,
  jobType: 2,
  hourlyRate: 2,
  fixedPrice: 2,
  estimatedHours: 2,
};

/** The messages that block Next on `step` (spec section 4), keyed by field. */
export function stepErrors(form: JobFormState, step: WizardStep): Record<string, string> {
  const result = validate(JobFormSchema, form);
  if (result.ok) return {};
  const fields: readonly string[] = JOB_WIZARD_STEP_FIELDS[step];
  return Object.fromEntries(
    Object.entries(result.errors).filter(([field]) => fields.includes(field)),
  );
}

/** The whole form, as Publish checks it: the parsed form or the errors and the first bad step. */
export function validateJobForm(
  form: JobFormState,
): { ok: true; value: JobForm } | { ok: false; errors: Record<string, string>; step: WizardStep } {
  const result = validate(JobFormSchema, form);
  if (result.ok) return result;
  const steps = Object.keys(result.errors).map(
    (field) => FIELD_STEP[field as keyof JobFormState] ?? 0,
  );
  return { ok: false, errors: result.errors, step: Math.min(...steps) as WizardStep };
}

/**
 * The rate message is reported on hourlyRate (spec section 5); with a fixed price the
 * hourly field is hidden, so the wizard shows it under the fixed price instead.
 */
export function rateError(form: JobFormState, errors: Record<string, string>): string | undefined {
  return errors.hourlyRate ?? (form.jobType === 'fixed' ? errors.fixedPrice : undefined);
}
