/**
 * Helpers for the offline browser tests: wait for the service worker, look at what the app has
 * saved on the phone (the query cache and the outbox in IndexedDB), find seeded jobs, and the
 * steps of applying with no connection.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { APIRequestContext } from 'playwright-core';
import type { Job } from '../../contracts/jobs.ts';
import { signUp } from '../../scripts/lib/browser-sign-in.ts';

/** The service worker has installed (the shell and every route chunk are cached) and controls the page. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Reads one idb-keyval store of the app in the page. */
async function readStore(page: Page, database: string, store: string): Promise<unknown[]> {
  return page.evaluate(
    ([database, store]) =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open(database);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) {
            db.close();
            return resolve([]);
          }
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => {
            db.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    [database, store] as const,
  );
}

async function savedQueries(page: Page) {
  const [saved] = (await readStore(page, 'ghana-gigs-cache', 'queries')) as {
    clientState?: { queries?: { queryKey: unknown; state: { data: unknown } }[] };
  }[];
  return saved?.clientState?.queries ?? [];
}

/** The query keys of the cache the app has saved, each as JSON. */
async function savedQueryKeys(page: Page): Promise<string[]> {
  return (await savedQueries(page)).map((query) => JSON.stringify(query.queryKey));
}

/** The data the app has saved under one query key, if any. */
export async function savedQueryData(page: Page, queryKey: unknown[]): Promise<unknown> {
  const key = JSON.stringify(queryKey);
  return (await savedQueries(page)).find((query) => JSON.stringify(query.queryKey) === key)?.state
    .data;
}

/** Waits until the saved cache holds a query whose key starts with the elements of `prefix`. */
export async function waitForSaved(page: Page, prefix: unknown[]): Promise<void> {
  const start = JSON.stringify(prefix).slice(0, -1);
  const matches = (key: string) => key === `${start}]` || key.startsWith(`${start},`);
  await expect
    .poll(async () => (await savedQueryKeys(page)).some(matches), {
      message: `the saved cache should hold ${start}...`,
    })
    .toBe(true);
}

interface SavedItem {
  idempotencyKey: string;
  kind: string;
  state: 'pending' | 'failed';
  attempts: number;
}

/** The outbox as stored on the phone. */
export async function outboxItems(page: Page): Promise<SavedItem[]> {
  return (await readStore(page, 'ghana-gigs-outbox', 'items')) as SavedItem[];
}

/**
 * Open jobs from the demo seed (posted days ago), never one another test has just made: tests
 * run side by side, and some close the jobs they post.
 */
export async function seededOpenJobs(request: APIRequestContext, count: number): Promise<Job[]> {
  // The largest page: tests side by side may have posted a page or more of jobs just now.
  const jobs = (await (await request.get('/api/jobs?limit=100')).json()) as Job[];
  const hourAgo = Date.now() - 60 * 60 * 1000;
  const seeded = jobs.filter((job) => job.isActive && Date.parse(job.createdAt) < hourAgo);
  if (seeded.length < count) throw new Error(`the seed should have ${count} open jobs`);
  return seeded.slice(0, count);
}

/** A job seeker signed up on `page`, and an open job of the seed for them to apply to. */
export async function seekerWithOpenJob(page: Page): Promise<Job> {
  const [job] = await seededOpenJobs(page.request, 1);
  if (!job) throw new Error('the seed should have open jobs');
  await signUp(page.request, 'job_seeker');
  return job;
}

/** Opens `job`'s page and waits until the phone has saved it, to be read with no connection. */
export async function openJobAndSave(page: Page, job: Job): Promise<void> {
  await page.goto(`/jobs/${job.id}`);
  await expect(page.getByRole('heading', { name: job.title, level: 1 })).toBeVisible();
  await waitForSaved(page, ['jobs', 'detail', job.id]);
}

/**
 * Applies to `job` from its open page with `letter` while the application cannot reach the
 * server: the app says it is saved, to be sent later. Answers the Apply dialog.
 */
export async function applyToSendLater(page: Page, job: Job, letter: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Apply Now' }).click();
  const dialog = page.getByRole('dialog', { name: `Apply for ${job.title}` });
  await dialog.getByLabel('Cover Letter').fill(letter);
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText(SAVED_OFFLINE)).toBeVisible();
  return dialog;
}

/** 'YYYY-MM-DD' `days` from today. */
export function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export const SAVED_OFFLINE = "Saved. It will be sent when you're back online.";
export const OFFLINE_BANNER = "You're offline. Showing saved data.";
