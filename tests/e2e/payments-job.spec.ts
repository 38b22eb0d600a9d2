import { expect, test } from '@playwright/test';
import type { Application } from '../../contracts/applications.ts';
import { api } from '../../contracts/paths.ts';
import { accept, applyToJob, postFixedPriceJob } from '../../scripts/lib/engagement-setup.ts';
import {
  advanceTime,
  confirmCompleted,
  newPerson,
  openApplicant,
  payoutsOf,
  payWith,
  WALLETS,
  walletLater,
  withFee,
} from './payments-support.ts';

const PRICE = 2500_00;
const { fee, total } = withFee(PRICE);

test('a job from hire to payout: accept, fund, both confirm, the worker is paid once', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const employer = await newPerson(browser, 'Ama', 'employer', 'Central');
  const worker = await newPerson(browser, 'Kojo', 'job_seeker', 'Central');

  // A fixed-price job and an application, through the API: this test is about paying.
  const title = `Mason for a shop ${Date.now().toString(36)}`;
  const job = await postFixedPriceJob(employer.context.request, { title });
  const applied = await applyToJob(worker.context.request, job.id);
  expect(applied.payment.status).toBe('unpaid');

  // The employer hires, then funds the work: the fee is shown before paying, the fake approves.
  const applicant = await openApplicant(employer, title, worker.name);
  await applicant.getByRole('button', { name: 'Accept' }).click();
  await expect(employer.page.getByText('Applicant Accepted')).toBeVisible();
  await expect(applicant.getByText(`Job price GHS 2,500.00 + service fee ${fee}`)).toBeVisible();
  await applicant.getByRole('button', { name: 'Fund this job' }).click();
  const paying = await payWith(employer.page, `Fund: ${title}`, WALLETS.approves, total);
  await expect(paying.getByText(`Approve ${total} on your phone.`)).toBeVisible();
  await expect(paying.getByText('Payment received')).toBeVisible({ timeout: 30_000 });
  await paying.getByRole('button', { name: 'Done' }).click();
  await expect(applicant.getByText('Paid, held in escrow')).toBeVisible();

  // Funded, either side may confirm at once.
  await expect(
    applicant.getByText(`Your turn: confirm it was done. ${worker.name} confirms too.`),
  ).toBeVisible();
  await confirmCompleted(employer.page, applicant);
  await expect(
    applicant.getByText(`You confirmed. Waiting for ${worker.name} to confirm.`),
  ).toBeVisible();

  await worker.page.goto('/dashboard');
  const application = worker.page
    .getByRole('list', { name: 'My applications' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(application.getByText('Paid, held in escrow')).toBeVisible();
  await expect(
    application.getByText('The employer confirmed. Your turn: confirm it was done.'),
  ).toBeVisible();
  await confirmCompleted(worker.page, application);

  // Released and paid out: the worker's wallet shows the earning, the employer's what it spent.
  await expect
    .poll(() => walletLater([employer, worker], worker))
    .toMatchObject({ earned: '2500.00', pendingPayout: '0.00' });
  await worker.page.reload();
  await expect(application.getByText('Completed', { exact: true })).toBeVisible();
  await expect(
    worker.page.getByRole('region', { name: 'Application summary' }).getByText('GHS 2,500.00'),
  ).toBeVisible();
  await employer.page.reload();
  await expect(
    employer.page.getByRole('region', { name: 'Job summary' }).getByText(total),
  ).toBeVisible();

  // Exactly one payout: the job's price (the fee is the employer's), to the worker's number.
  expect(await payoutsOf(worker)).toEqual({
    sent: ['-2500.00'],
    failed: 0,
    receipts: [
      expect.stringContaining(
        `Ghana Gigs sent GHS 2,500.00 to your MTN mobile money number ending ${worker.phone.slice(-3)}`,
      ),
    ],
  });

  await Promise.all([employer.context.close(), worker.context.close()]);
});

test('the worker says it is done first: the employer is told by SMS and on the card who says so, what to do, and when the money goes', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const employer = await newPerson(browser, 'Efua', 'employer', 'Central');
  const worker = await newPerson(browser, 'Yaw', 'job_seeker', 'Central');
  const title = `Painter for a kiosk ${Date.now().toString(36)}`;
  const job = await postFixedPriceJob(employer.context.request, {
    title,
    description: 'Paint a small kiosk in Cape Coast, two coats.',
    requiredSkills: ['Painting'],
  });
  const { id } = await applyToJob(
    worker.context.request,
    job.id,
    'I have painted kiosks in Cape Coast for years.',
  );
  await accept(employer.context.request, { application: id });
  // Funded from the scripted wallet that approves by itself.
  const paid = await employer.context.request.post(api.payEngagement('applications', id), {
    data: { phoneNumber: WALLETS.approves, network: 'mtn' },
  });
  expect(paid.status(), await paid.text()).toBe(202);
  await expect
    .poll(async () => {
      await advanceTime([employer, worker], 6);
      const list = await employer.context.request.get(api.jobApplications(job.id));
      return ((await list.json()) as Application[])[0]?.payment.status;
    })
    .toBe('held');

  const confirmed = await worker.context.request.post(api.confirmEngagement('applications', id), {
    data: {},
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  // The employer's phone gets the notice; its time is the clock the card shows.
  const notice = async () =>
    (
      (await (
        await employer.context.request.get(
          `${api.devOutbox}?to=${encodeURIComponent(employer.phone)}`,
        )
      ).json()) as { body: string }[]
    )
      .map((message) => message.body)
      .find((body) => body.includes('says the work is done'));
  await expect.poll(notice).toMatch(
    new RegExp(
      // An SMS names people in plain letters only (cleanDisplayName): "Yaw1234" is "Yaw".
      `^${worker.name.replace(/\d/g, '')} says the work is done\\. Confirm or report a problem, or it is paid \\d{1,2} \\w{3} \\d\\d:\\d\\d GMT: http`,
    ),
  );
  const applicant = await openApplicant(employer, title, worker.name);
  await expect(
    applicant.getByText(`${worker.name} says the work is done. Confirm it, or report a problem.`),
  ).toBeVisible();
  await expect(
    applicant.getByText(
      new RegExp(`^If you do neither, the money goes to ${worker.name} by itself on .+\\.$`),
    ),
  ).toBeVisible();
  await expect(applicant.getByRole('button', { name: 'Report a problem' })).toBeVisible();
  // Cancelling is no longer offered by the server: the worker's word stands until a dispute.
  const cancel = await employer.context.request.post(`/api/applications/${id}/cancel`, {
    data: {},
  });
  expect(cancel.status()).toBe(409);
  await Promise.all([employer.context.close(), worker.context.close()]);
});
