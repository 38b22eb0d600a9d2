import { expect, test } from 'vitest';
import { MilestoneInputSchema } from './engagements.schemas.ts';
import { CreateJobSchema, JobTitleSchema } from './jobs.schemas.ts';
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

test('a title of invisible characters is no title: a job’s, and a milestone’s', () => {
  const invisible = '\u200b\u200b\u200b\u200b\u200b\u200b';
  expect(validate(JobTitleSchema, invisible)).toMatchObject({ ok: false });
  expect(validate(JobTitleSchema, `Plumber${invisible}`)).toMatchObject({ ok: true });
  // Symbols show: a title of them is a title (the USSD menu shows it as its number).
  expect(validate(JobTitleSchema, '{[~|€^]}')).toMatchObject({ ok: true });
  const milestone = (title: string) =>
    validate(MilestoneInputSchema, { title, amount: '250.00', dueDate: null });
  expect(milestone(invisible)).toMatchObject({
    ok: false,
    errors: { title: 'Give each milestone a title' },
  });
  expect(milestone('Roof')).toMatchObject({ ok: true });
});
