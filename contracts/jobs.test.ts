import { expect, test } from 'vitest';
import { CreateJobSchema } from './jobs.schemas.ts';
import { validate } from './validate.ts';

test('the API schema converts money to pesewas and drops the other rate', () => {
  const result = validate(CreateJobSchema, {
    title: 'Electrician in Tamale',
    description: 'Rewire a two-bedroom house and fit new sockets.',
    category: 'skilled_trades',
    region: 'Northern',
    jobType: 'fixed',
    fixedPrice: 750.5,
    hourlyRate: '20',
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  expect(result.value.fixedPrice).toBe(75050);
  expect(result.value.hourlyRate).toBeNull();
});
