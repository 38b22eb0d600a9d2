import { expect, test } from '@playwright/test';

test('a visitor sees the landing page with its calls to action', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Browse Jobs' }).first()).toHaveAttribute(
    'href',
    '/jobs',
  );
  await expect(main.getByRole('link', { name: 'Post a Job' })).toHaveAttribute('href', '/login');
  for (const feature of ['Secure Escrow', '16 Ghana Regions', 'All Job Types', 'Mobile Money']) {
    await expect(main.getByRole('heading', { name: feature })).toBeVisible();
  }
  for (const category of ['Skilled Trades', 'Professional', 'General Labor', 'Entertainment']) {
    await expect(main.getByRole('heading', { name: category })).toBeVisible();
  }
  await expect(main.getByRole('link', { name: /Entertainment/ })).toHaveAttribute(
    'href',
    '/artists',
  );
  for (const step of ['Post or Search', 'Apply or Book', 'Pay & Complete']) {
    await expect(main.getByRole('heading', { name: step })).toBeVisible();
  }
  await expect(main.getByRole('link', { name: 'Join Now' })).toHaveAttribute('href', '/login');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('MTN')).toBeVisible();
  await expect(footer.getByText('Vodafone')).toBeVisible();
  await expect(footer.getByText('AirtelTigo')).toBeVisible();
  await expect(footer.getByText(/© 2024/)).toBeVisible();
});

test('job browse shows six skeletons while the list loads', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/jobs*', async (route) => {
    await held;
    await route.continue();
  });
  // A filtered list: the plain first page comes drawn in the page the server sends.
  await page.goto('/jobs?category=skilled_trades');
  await expect(page.getByTestId('skeleton')).toHaveCount(6);
  release();
  await expect(page.getByText(/^\d+ job\(s\) found$/)).toBeVisible();
  await expect(page.getByTestId('skeleton')).toHaveCount(0);
});

test('a visitor browses jobs, filters by category and region, searches and clears', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Browse Jobs' }).first().click();
  await expect(page).toHaveURL(/\/jobs$/);
  await expect(page.getByRole('heading', { name: 'Browse Jobs', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In to Post' })).toHaveAttribute(
    'href',
    '/login',
  );

  const count = page.getByText(/^\d+ job\(s\) found$/);
  await expect(count).toBeVisible();
  const total = Number((await count.textContent())?.split(' ')[0]);
  expect(total).toBeGreaterThan(3);
  // The first 20 come at once; the rest on request.
  const cards = page.getByRole('article');
  expect(total).toBeGreaterThan(20);
  await expect(cards).toHaveCount(20);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(Math.min(total, 40));

  // Category: every card left carries the Entertainment badge.
  await page.getByLabel('Category').selectOption({ label: 'Entertainment' });
  await expect(count).not.toHaveText(`${total} job(s) found`);
  const entertainment = await cards.count();
  expect(entertainment).toBeGreaterThan(0);
  for (const card of await cards.all()) {
    await expect(card.getByText('Entertainment', { exact: true })).toBeVisible();
  }

  // Region on top of category: every card is in Greater Accra.
  await page.getByLabel('Region').selectOption('Greater Accra');
  await expect(count).toHaveText(/^\d+ job\(s\) found$/);
  await expect(page).toHaveURL(/category=entertainment/);
  await expect(page).toHaveURL(/region=Greater\+Accra/);
  for (const card of await cards.all()) {
    await expect(card.getByText('Greater Accra')).toBeVisible();
    await expect(card.getByText('Entertainment', { exact: true })).toBeVisible();
  }

  // Search matches a title, case-insensitively.
  const title = (await cards.first().getByRole('heading').textContent()) ?? '';
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(title.toUpperCase());
  await expect(cards.first().getByRole('heading')).toHaveText(title);
  await expect(count).toHaveText(/^[1-9]\d* job\(s\) found$/);

  // Nothing matches: the empty state, then Clear Filters resets all three filters.
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('no such job anywhere xyz');
  await expect(count).toHaveText('0 job(s) found');
  await expect(page.getByRole('heading', { name: 'No jobs found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your filters or search terms')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('');
  await expect(page.getByLabel('Category')).toHaveValue('all');
  await expect(page.getByLabel('Region')).toHaveValue('all');
  await expect(count).toHaveText(`${total} job(s) found`);
});

test('a job card shows its price, skills and a link to its details', async ({ page }) => {
  await page.goto('/jobs');
  const card = page.getByRole('article').first();
  await expect(card.getByText(/^GHS [\d,]+\.\d{2}(\/hr)?$/)).toBeVisible();
  const title = (await card.getByRole('heading').textContent()) ?? '';
  await card.getByRole('link', { name: /View Details/ }).click();
  await expect(page).toHaveURL(/\/jobs\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
});

test('a visitor browses artists with search and filters', async ({ page }) => {
  await page.goto('/artists');
  await expect(page.getByRole('heading', { name: 'Browse Artists', level: 1 })).toBeVisible();
  const count = page.getByText(/^\d+ artist\(s\) found$/);
  await expect(count).toBeVisible();
  const total = Number((await count.textContent())?.split(' ')[0]);

  const types = page.getByLabel('Performance type', { exact: true });
  await expect(types.locator('option[value="MC"]')).toHaveText('MC/Host');
  await types.selectOption('DJ');
  await expect(count).not.toHaveText(`${total} artist(s) found`);
  for (const card of await page.getByRole('article').all()) {
    await expect(card.getByText('DJ', { exact: true })).toBeVisible();
  }

  await page.getByRole('searchbox', { name: 'Search artists' }).fill('kasa');
  await expect(page.getByRole('heading', { name: 'DJ Kasa' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search artists' }).fill('nobody by this name');
  await expect(page.getByRole('heading', { name: 'No artists found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(count).toHaveText(`${total} artist(s) found`);
  await expect(types).toHaveValue('all');
});
