import { expect, test } from 'vitest';
import { JOB_MESSAGES, jobFormToPayload } from '../../../contracts/jobs.ts';
import { EMPTY_JOB_FORM, type JobFormState, stepErrors, validateJobForm } from './wizard.ts';

const filled: JobFormState = {
  ...EMPTY_JOB_FORM,
  category: 'skilled_trades',
  title: 'Fix kitchen sink',
  description: 'The kitchen sink has been leaking for a week and needs a plumber.',
  requiredSkills: 'Plumbing, , Tiling ',
  region: 'Ashanti',
  jobType: 'hourly',
  hourlyRate: '50.00',
  estimatedHours: '8',
};

test('step 1 blocks until a category is chosen', () => {
  expect(stepErrors(EMPTY_JOB_FORM, 0)).toEqual({ category: JOB_MESSAGES.category });
  expect(stepErrors({ ...EMPTY_JOB_FORM, category: 'professional' }, 0)).toEqual({});
});

test('step 2 reports only its own fields', () => {
  expect(stepErrors({ ...EMPTY_JOB_FORM, category: 'professional' }, 1)).toEqual({
    title: JOB_MESSAGES.title,
    description: JOB_MESSAGES.description,
  });
  expect(stepErrors({ ...filled, title: 'Fix' }, 1)).toEqual({ title: JOB_MESSAGES.title });
});

test('step 3 needs a region and a positive rate of the chosen type', () => {
  const step3 = { ...filled, region: '', hourlyRate: '' };
  expect(stepErrors(step3, 2)).toEqual({
    region: JOB_MESSAGES.region,
    hourlyRate: JOB_MESSAGES.rate,
  });
  expect(stepErrors({ ...filled, hourlyRate: '0' }, 2)).toEqual({ hourlyRate: JOB_MESSAGES.rate });
  expect(stepErrors({ ...filled, jobType: 'fixed', fixedPrice: '' }, 2)).toEqual({
    hourlyRate: JOB_MESSAGES.rate,
  });
  expect(stepErrors({ ...filled, jobType: 'fixed', fixedPrice: '500.00' }, 2)).toEqual({});
  expect(stepErrors(filled, 2)).toEqual({});
});

test('the review step has nothing to block', () => {
  expect(stepErrors(EMPTY_JOB_FORM, 3)).toEqual({});
});

test('publish sends the user back to the first step with a problem', () => {
  const result = validateJobForm({ ...filled, estimatedHours: '1.5' });
  expect(result).toMatchObject({ ok: false, step: 2 });
  const missingTitle = validateJobForm({ ...filled, title: '' });
  expect(missingTitle).toMatchObject({ ok: false, step: 1 });
});

test('a valid form becomes the POST /api/jobs payload', () => {
  const result = validateJobForm(filled);
  if (!result.ok) throw new Error('expected a valid form');
  expect(jobFormToPayload(result.value)).toEqual({
    title: 'Fix kitchen sink',
    description: 'The kitchen sink has been leaking for a week and needs a plumber.',
    category: 'skilled_trades',
    region: 'Ashanti',
    jobType: 'hourly',
    hourlyRate: '50.00',
    fixedPrice: null,
    estimatedHours: 8,
    requiredSkills: ['Plumbing', 'Tiling'],
    startDate: null,
  });
});
