import { expect, request as playwrightRequest, test } from '@playwright/test';
import { cleanDisplayName } from '../../contracts/display-name.ts';
import { latestCode, signUp } from '../../scripts/lib/browser-sign-in.ts';
import { postJob } from '../../scripts/lib/engagement-setup.ts';
import { randomPhone } from '../../scripts/lib/sign-up.ts';
import { closeJob, jobCard } from './dashboard-support.ts';

const newTitle = () => `Electrician to rewire a shop ${Date.now().toString(36)}`;

test('a new employer signs up in three steps and posts a job through the wizard', async ({
  page,
}) => {
  let phone = randomPhone();
  const employerName = `Ama${Math.floor(Math.random() * 1e4)}`;
  const jobTitle = newTitle();

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign In / Sign Up' })).toBeVisible();
  const phoneInput = page.getByLabel('Phone Number');
  await expect(phoneInput).toHaveValue('+233');
  await expect(page.getByRole('radio', { name: 'SMS' })).toBeChecked();

  await phoneInput.fill('+23324');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText('Phone number must be in format +233XXXXXXXXX')).toBeVisible();

  await phoneInput.fill(phone);
  await page.getByRole('radio', { name: 'WhatsApp' }).check();
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText('Code Sent!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Enter Verification Code' })).toBeVisible();
  await expect(page.getByText(`We sent a 6-digit code via SMS/WhatsApp to ${phone}`)).toBeVisible();

  // Back returns to the phone step. Asking again at once is refused by the server, whose
  // message the toast shows; a code sent to another number resets the code field.
  await page.getByLabel('Verification Code').fill('123');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(phoneInput).toHaveValue(phone);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText('Failed to Send Code')).toBeVisible();
  await expect(page.getByText(/wait a minute/)).toBeVisible();
  phone = randomPhone();
  await phoneInput.fill(phone);
  await page.getByRole('radio', { name: 'SMS' }).check();
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter Verification Code' })).toBeVisible();
  await expect(page.getByLabel('Verification Code')).toHaveValue('');

  const code = await latestCode(page.request, phone);
  const codeInput = page.getByLabel('Verification Code');
  await expect(codeInput).toHaveAttribute('maxlength', '6');
  await codeInput.fill('12');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Code must be 6 digits')).toBeVisible();
  await codeInput.fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Phone Verified!')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete Sign Up' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await page.getByLabel('First Name').fill(employerName);
  await page.getByLabel('Last Name').fill('Owusu');
  await page.getByLabel('I am a...').selectOption({ label: 'Employer' });
  await expect(page.getByLabel('Region')).toHaveValue('Greater Accra');
  await page.getByLabel('Region').selectOption('Ashanti');
  await page.getByRole('button', { name: 'Complete Sign Up' }).click();
  await expect(page.getByText('Account Created!')).toBeVisible();
  await expect(page.getByText('Welcome to Ghana Gigs!')).toBeVisible();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: `Welcome back, ${employerName}!` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Active Role' })).toBeVisible();

  await page.getByRole('link', { name: 'Post a Job' }).click();
  await expect(page).toHaveURL(/\/post-job$/);
  const progress = page.getByRole('list', { name: 'Progress' });
  for (const label of ['Category', 'Details', 'Location & Rate', 'Review']) {
    await expect(progress.getByText(label)).toBeVisible();
  }
  const next = page.getByRole('button', { name: 'Next' });

  // Step 1: Next is blocked until a category is chosen.
  await next.click();
  await expect(page.getByText('Please select a category')).toBeVisible();
  await page.getByRole('radio', { name: /Skilled Trades/ }).check();
  await next.click();

  // Step 2: title, description and skills.
  await expect(page.getByRole('heading', { name: 'Step 2 of 4: Details' })).toBeVisible();
  await next.click();
  await expect(page.getByText('Title must be at least 5 characters')).toBeVisible();
  await expect(page.getByText('Description must be at least 20 characters')).toBeVisible();
  await page.getByLabel('Job Title').fill(jobTitle);
  await page
    .getByLabel('Description')
    .fill('Rewire a small shop in Adum, Kumasi:\nnew sockets and a distribution board.');
  await page.getByLabel('Required Skills').fill('Wiring, Safety, , Solar, Testing');
  await next.click();

  // Step 3: region and a positive rate.
  await expect(page.getByRole('heading', { name: 'Step 3 of 4: Location & Rate' })).toBeVisible();
  await next.click();
  await expect(page.getByText('Please select a region')).toBeVisible();
  await expect(page.getByText('Please provide a valid rate')).toBeVisible();
  await page.getByLabel('Region').selectOption('Ashanti');
  await page.getByLabel('Hourly Rate (GHS)').fill('45');
  await page.getByLabel('Estimated Hours').fill('16');
  await next.click();

  // Step 4: the review, and Previous goes back without losing anything.
  await expect(page.getByRole('heading', { name: 'Step 4 of 4: Review' })).toBeVisible();
  await expect(page.getByText(jobTitle)).toBeVisible();
  await expect(page.getByText('GHS 45.00/hr')).toBeVisible();
  for (const skill of ['Wiring', 'Safety', 'Solar', 'Testing']) {
    await expect(page.getByText(skill, { exact: true })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByLabel('Hourly Rate (GHS)')).toHaveValue('45');
  await next.click();

  await page.getByRole('button', { name: 'Publish Job' }).click();
  await expect(page.getByText('Job Posted Successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/jobs$/);
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(jobTitle);
  await expect(page.getByText('1 job(s) found')).toBeVisible();
  // The count can come a frame before the list it counts is drawn: wait for the one card.
  const card = page.getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading')).toHaveText(jobTitle);
  await expect(card.getByText('GHS 45.00/hr')).toBeVisible();
  await expect(card.getByText('+1')).toBeVisible();
});

test('a new job seeker applies; the employer sees the applicant', async ({
  page,
  browser,
  baseURL,
}) => {
  // An employer of its own, with an hourly job posted through the API.
  const employerName = `Ama${Math.floor(Math.random() * 1e4)}`;
  const jobTitle = newTitle();
  const employerApi = await playwrightRequest.newContext({ baseURL });
  await signUp(employerApi, 'employer', {
    firstName: employerName,
    lastName: 'Owusu',
    region: 'Ashanti',
  });
  const posted = await postJob(employerApi, {
    title: jobTitle,
    description: 'Rewire a small shop in Adum, Kumasi: new sockets and a distribution board.',
    region: 'Ashanti',
    jobType: 'hourly',
    hourlyRate: '45',
    fixedPrice: null,
    estimatedHours: 16,
    requiredSkills: ['Wiring', 'Safety', 'Solar', 'Testing'],
  });
  expect(posted.title).toBe(jobTitle);

  const seekerName = `Kojo${Math.floor(Math.random() * 1e4)}`;
  const { phone: seekerPhone } = await signUp(page.request, 'job_seeker', {
    firstName: seekerName,
    lastName: 'Mensah',
    region: 'Ashanti',
  });

  await page.goto('/jobs');
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(jobTitle);
  await expect(page.getByText('1 job(s) found')).toBeVisible();
  await page.getByRole('link', { name: /View Details/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(jobTitle);
  await expect(page.getByText('Est. hours: 16')).toBeVisible();

  await page.getByRole('button', { name: 'Apply Now' }).click();
  const dialog = page.getByRole('dialog', { name: `Apply for ${jobTitle}` });
  await expect(dialog).toBeVisible();
  const letter = dialog.getByLabel('Cover Letter');
  await expect(letter).toHaveAttribute('rows', '8');
  const submit = dialog.getByRole('button', { name: 'Submit Application' });
  await expect(submit).toBeDisabled();
  await letter.fill('   ');
  await expect(submit).toBeDisabled();

  // Closing clears the letter.
  await letter.fill('Draft that will be thrown away');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Apply Now' }).click();
  await expect(dialog.getByLabel('Cover Letter')).toHaveValue('');

  await dialog
    .getByLabel('Cover Letter')
    .fill('I have wired shops in Kumasi for six years and hold an Energy Commission licence.');
  await submit.click();
  await expect(page.getByText('Application Submitted!')).toBeVisible();
  await expect(page.getByText('Your application has been sent to the employer.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Application summary' });
  await expect(summary.getByText('Pending', { exact: true })).toBeVisible();
  await expect(summary.getByText('GHS 0.00')).toBeVisible();
  const application = page.getByRole('listitem').filter({ hasText: jobTitle });
  await expect(application.getByText('Pending', { exact: true })).toBeVisible();
  await expect(application.getByText('skilled trades')).toBeVisible();
  await expect(application.getByRole('link', { name: 'View Job' })).toBeVisible();

  const employer = await browser.newContext({ storageState: await employerApi.storageState() });
  const employerPage = await employer.newPage();
  await employerPage.goto('/dashboard/employer');
  const jobSummary = employerPage.getByRole('region', { name: 'Job summary' });
  await expect(jobSummary.getByText('Total Applications')).toBeVisible();
  const job = jobCard(employerPage, jobTitle);
  await expect(job.getByText(/^1 applicant ·/)).toBeVisible();
  await employerPage.getByRole('tab', { name: 'Applicants' }).click();
  await expect(employerPage.getByRole('heading', { name: 'Select a Job' })).toBeVisible();
  await employerPage.getByRole('tab', { name: 'My Jobs' }).click();
  await job.getByRole('button', { name: 'View Applicants' }).click();
  const applicant = employerPage.getByRole('listitem').filter({ hasText: `${seekerName} Mensah` });
  await expect(applicant).toBeVisible();
  await expect(applicant.getByText('Pending', { exact: true })).toBeVisible();

  // The employer accepts: final, the seeker sees it and is told by SMS.
  await applicant.getByRole('button', { name: 'Accept' }).click();
  await expect(employerPage.getByText('Applicant Accepted')).toBeVisible();
  await expect(applicant.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(applicant.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  await page.reload();
  await expect(application.getByText('Accepted', { exact: true })).toBeVisible();
  await expect
    .poll(async () => {
      const outbox = await page.request.get(
        `/api/dev/outbox?to=${encodeURIComponent(seekerPhone)}`,
      );
      return ((await outbox.json()) as { body: string }[])[0]?.body ?? '';
    })
    // The SMS names the employer as display names are cleaned, never the job title they wrote.
    .toContain(`Your application to ${cleanDisplayName(`${employerName} Owusu`)} was accepted`);

  // Hired, the work is funded next: rate x estimated hours, with the fee shown before paying
  // (the whole escrow journey is in payments-job.spec.ts). The seeker is never charged.
  await expect(applicant.getByRole('button', { name: 'Fund this job' })).toBeVisible();
  await expect(applicant.getByText('Job price GHS 720.00 + service fee GHS 36.00')).toBeVisible();
  await expect(applicant.getByText('Unpaid', { exact: true })).toBeVisible();
  await expect(application.getByText(/^Waiting for the employer to fund this job/)).toBeVisible();

  // Closing the job stops new applications.
  await employerPage.reload();
  await closeJob(employerPage, job);
  await expect(job.getByText('Inactive', { exact: true })).toBeVisible();
  const detail = await job.getByRole('link', { name: 'View Details' }).getAttribute('href');
  await page.goto(detail ?? '/jobs');
  await expect(page.getByText('This job is closed and takes no new applications.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply Now' })).toHaveCount(0);
  await employer.close();
  await employerApi.dispose();
});
