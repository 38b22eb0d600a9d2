import { expect, test } from 'vitest';
import { CreateJobSchema, JobFormSchema } from './jobs.schemas.ts';
import { JOB_MESSAGES, jobFormToPayload, splitSkills } from './jobs.ts';
import { validate } from './validate.ts';

const form = {
  category: 'skilled_trades',
  title: 'Electrician in Tamale',
  description: 'Rewire a two-bedroom house and fit new sockets.',
  requiredSkills: 'Wiring, , Sockets ,',
  startDate: '',
  region: 'Northern',
  jobType: 'hourly',
  hourlyRate: '40',
  fixedPrice: '',
  estimatedHours: '6',
};

test('skills are split on commas, trimmed, and empty items dropped', () => {
  expect(splitSkills(' Wiring, , Sockets ,')).toEqual(['Wiring', 'Sockets']);
  expect(splitSkills('')).toEqual([]);
});

test('the form turns into the spec payload', () => {
  const result = validate(JobFormSchema, form);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  expect(jobFormToPayload(result.value)).toEqual({
    title: 'Electrician in Tamale',
    description: 'Rewire a two-bedroom house and fit new sockets.',
    category: 'skilled_trades',
    region: 'Northern',
    jobType: 'hourly',
    hourlyRate: '40',
    fixedPrice: null,
    estimatedHours: 6,
    requiredSkills: ['Wiring', 'Sockets'],
    startDate: null,
  });
});

test('the rate rule is reported on hourlyRate for both job types', () => {
  expect(validate(JobFormSchema, { ...form, hourlyRate: '0' })).toEqual({
    ok: false,
    errors: { hourlyRate: JOB_MESSAGES.rate },
  });
  expect(validate(JobFormSchema, { ...form, jobType: 'fixed', fixedPrice: 'abc' })).toEqual({
    ok: false,
    errors: { hourlyRate: JOB_MESSAGES.rate },
  });
  expect(validate(JobFormSchema, { ...form, jobType: 'fixed', fixedPrice: '500.00' }).ok).toBe(
    true,
  );
});

test('each field carries the spec message', () => {
  const result = validate(JobFormSchema, {
    ...form,
    category: '',
    title: 'abc',
    description: 'short',
    region: '',
  });
  expect(result).toEqual({
    ok: false,
    errors: {
      category: JOB_MESSAGES.category,
      title: 'Title must be at least 5 characters',
      description: 'Description must be at least 20 characters',
      region: 'Please select a region',
    },
  });
});

test('the API schema converts money to pesewas and drops the other rate', () => {
  const result = validate(CreateJobSchema, {
    ...jobFormToPayloadInput(),
    jobType: 'fixed',
    fixedPrice: 750.5,
    hourlyRate: '20',
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  expect(result.value.fixedPrice).toBe(75050);
  expect(result.value.hourlyRate).toBeNull();
});

function jobFormToPayloadInput() {
  return {
    title: form.title,
    description: form.description,
    category: form.category,
    region: form.region,
    jobType: 'hourly',
    hourlyRate: '40',
  };
}
