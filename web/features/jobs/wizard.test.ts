import { expect, test } from 'vitest';
import { JOB_MESSAGES } from '../../../contracts/jobs.messages.ts';
import { PRICE_FLOOR_MESSAGES } from '../../../contracts/money.ts';
import {
  EMPTY_JOB_FORM,
  type JobFormState,
  splitSkills,
  stepErrors,
  validateJobForm,
} from './wizard.ts';

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

test('skills are split on commas, trimmed, and empty items dropped', () => {
  expect(splitSkills(' Wiring, , Sockets ,')).toEqual(['Wiring', 'Sockets']);
  expect(splitSkills('')).toEqual([]);
});

test('step 1 blocks until a category is chosen', () => {
  expect(stepErrors(EMPTY_JOB_FORM, 0)).toEqual({ category: JOB_MESSAGES.category });
  expect(stepErrors({ ...EMPTY_JOB_FORM, category: 'professional' }, 0)).toEqual({});
});

test('step 2 reports only its own fields, with the spec messages', () => {
  expect(stepErrors({ ...EMPTY_JOB_FORM, category: 'professional' }, 1)).toEqual({
    title: 'Title must be at least 5 characters',
    description: 'Description must be at least 20 characters',
  });
  expect(stepErrors({ ...filled, title: 'Fix' }, 1)).toEqual({ title: JOB_MESSAGES.title });
  // The optional start date is checked at Publish, not by Next.
  expect(stepErrors({ ...filled, startDate: '2026-02-30' }, 1)).toEqual({});
});

test('step 3 needs a region and a positive rate of the chosen type, reported on hourlyRate', () => {
  const step3 = { ...filled, region: '', hourlyRate: '' };
  expect(stepErrors(step3, 2)).toEqual({
    region: JOB_MESSAGES.region,
    hourlyRate: JOB_MESSAGES.rate,
  });
  expect(stepErrors({ ...filled, hourlyRate: '0' }, 2)).toEqual({ hourlyRate: JOB_MESSAGES.rate });
  expect(stepErrors({ ...filled, jobType: 'fixed', fixedPrice: 'abc' }, 2)).toEqual({
    hourlyRate: JOB_MESSAGES.rate,
  });
  expect(stepErrors({ ...filled, jobType: 'fixed', fixedPrice: '500.00' }, 2)).toEqual({});
  expect(stepErrors(filled, 2)).toEqual({});
});

test("step 3 refuses a rate under its floor before sending, with the server's message on its field", () => {
  expect(stepErrors({ ...filled, hourlyRate: '4.99' }, 2)).toEqual({
    hourlyRate: PRICE_FLOOR_MESSAGES.hourlyRate,
  });
  expect(stepErrors({ ...filled, hourlyRate: '0.01' }, 2)).toEqual({
    hourlyRate: 'Hourly rate must be at least GHS 5.00',
  });
  expect(stepErrors({ ...filled, jobType: 'fixed', fixedPrice: '19.99' }, 2)).toEqual({
    fixedPrice: 'Fixed price must be at least GHS 20.00',
  });
  expect(stepErrors({ ...filled, hourlyRate: '5' }, 2)).toEqual({});
  expect(stepErrors({ ...filled, jobType: 'fixed', fixedPrice: '20' }, 2)).toEqual({});
  // Publish sends the user back to the rate.
  expect(validateJobForm({ ...filled, hourlyRate: '1' })).toEqual({
    ok: false,
    errors: { hourlyRate: PRICE_FLOOR_MESSAGES.hourlyRate },
    step: 2,
  });
});

test('the review step has nothing to block', () => {
  expect(stepErrors(EMPTY_JOB_FORM, 3)).toEqual({});
});

test('publish sends the user back to the first step with a problem', () => {
  const result = validateJobForm({ ...filled, estimatedHours: '1.5' });
  expect(result).toMatchObject({
    ok: false,
    step: 2,
    errors: { estimatedHours: JOB_MESSAGES.estimatedHours },
  });
  expect(validateJobForm({ ...filled, title: '', region: '' })).toMatchObject({
    ok: false,
    step: 1,
  });
});

test('a valid form becomes the POST /api/jobs payload, with only the chosen rate', () => {
  expect(validateJobForm(filled)).toEqual({
    ok: true,
    value: {
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
      town: null,
    },
  });
  expect(
    validateJobForm({ ...filled, jobType: 'fixed', fixedPrice: '500', hourlyRate: '50.00' }),
  ).toMatchObject({ ok: true, value: { hourlyRate: null, fixedPrice: '500' } });
  // The town is optional, trimmed, and at most 60 characters.
  expect(validateJobForm({ ...filled, town: ' Adum ' })).toMatchObject({
    ok: true,
    value: { town: 'Adum' },
  });
  expect(validateJobForm({ ...filled, town: 'T'.repeat(61) })).toMatchObject({
    ok: false,
    errors: { town: 'Town must be at most 60 characters' },
    step: 2,
  });
});
