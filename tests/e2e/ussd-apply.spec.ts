import { type APIRequestContext, expect, test } from '@playwright/test';
import { signUp } from '../../scripts/lib/browser-sign-in.ts';
import { postJob } from '../../scripts/lib/engagement-setup.ts';
import { randomPhone } from '../../scripts/lib/sign-up.ts';

/** One USSD dial, as Africa's Talking posts it: every input so far in `text`. */
function dial(request: APIRequestContext, phoneNumber: string) {
  const sessionId = `e2e-${Date.now()}-${Math.random()}`;
  const inputs: string[] = [];
  const send = async () => {
    const response = await request.post(`/api/ussd/${process.env.E2E_USSD_TOKEN}`, {
      form: {
        sessionId,
        serviceCode: '*384*1234#',
        phoneNumber,
        networkCode: '62001',
        text: inputs.join('*'),
      },
    });
    expect(response.status()).toBe(200);
    return response.text();
  };
  return {
    start: send,
    async type(input: string) {
      inputs.push(input);
      return send();
    },
  };
}

/** The number of a list line, paging with 0 Next until it shows. */
async function choose(session: ReturnType<typeof dial>, screen: string, label: RegExp) {
  let current = screen;
  for (;;) {
    const line = current.split('\n').find((item) => label.test(item));
    if (line) return session.type(line.split(' ')[0] ?? '');
    expect(current).toContain('\n0 Next');
    current = await session.type('0');
  }
}

test("an application made on a feature phone shows on the employer's dashboard", async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  await signUp(page.request, 'employer', { firstName: 'Efua' });
  const job = await postJob(page.request, {
    title: `Welder for a gate ${tag}`,
    description: 'Weld and fit a sliding gate for a family house in Damongo.',
    region: 'Savannah',
    fixedPrice: '700',
    requiredSkills: ['Welding'],
  });

  // A feature phone with no account: sign up in three screens, then find the job and apply.
  const phone = randomPhone();
  const signUpSession = dial(request, phone);
  expect(await signUpSession.start()).toMatch(/^CON Welcome to Ghana Gigs/);
  await signUpSession.type('1');
  await signUpSession.type('Abena Dery');
  const regions = await signUpSession.type('1');
  expect(await choose(signUpSession, regions, /^\d+ Savannah$/)).toMatch(/^END Welcome, Abena!/);

  const session = dial(request, phone);
  await session.start();
  const categories = await choose(session, await session.type('1'), /^\d+ Savannah$/);
  const jobs = await choose(session, categories, /^\d+ Skilled trades$/);
  const detail = await choose(session, jobs, new RegExp(`^\\d+ Welder for a gate ${tag}`));
  expect(detail).toContain('GHS 700.00 fixed price');
  await session.type('1');
  expect(await session.type('Ready')).toMatch(/^END Applied to Welder for a gate/);

  await page.goto(`/dashboard/employer?job=${job.id}`);
  const applicant = page.getByRole('listitem').filter({ hasText: 'Abena Dery' });
  await expect(applicant).toBeVisible();
  await expect(applicant).toContainText('Ready');
  await expect(applicant.getByRole('button', { name: 'Accept' })).toBeVisible();
});
