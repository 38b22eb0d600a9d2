import type { Locator, Page } from '@playwright/test';

/** A job's card on the employer's dashboard, found by its title. */
export const jobCard = (page: Page, title: string): Locator =>
  page.getByRole('listitem').filter({ hasText: title });

/** Closes the job of `card` on the employer's dashboard: its Close Job, then the confirmation's. */
export async function closeJob(page: Page, card: Locator): Promise<void> {
  await card.getByRole('button', { name: 'Close Job' }).click();
  await page
    .getByRole('dialog', { name: 'Close this job?' })
    .getByRole('button', { name: 'Close Job' })
    .click();
}
