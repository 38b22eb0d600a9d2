/**
 * What the server hands the web app's server renderer (web/entry-server.tsx, built into
 * dist-server/) to draw a public screen's first view: the data that screen's first queries ask
 * for, read through the same services the API routes use and in the shapes those routes send.
 * Plain types only: the API and the web bundle both import this.
 */
import type { Artist, ArtistDetail, AvailabilityEntry } from './artists.ts';
import type { User } from './auth.ts';
import type { Job, JobListing } from './jobs.ts';
import type { Language } from './languages.ts';
import type { Page } from './paging.ts';

export type FirstScreenData =
  | { screen: 'home' }
  | { screen: 'jobs'; jobs: Page<JobListing> }
  | { screen: 'job'; id: number; job: Job }
  | { screen: 'artists'; artists: Page<Artist> }
  | {
      screen: 'artist';
      id: number;
      artist: ArtistDetail;
      availability: AvailabilityEntry[];
      bookedDays: string[];
    }
  | { screen: 'login'; form: LoginFormState }
  /**
   * Any other screen: the renderer seeds who is signed in (null for a visitor) and reads the
   * rest as the screen asks for it, through the API's own routes with the person's cookie
   * (the signed-in screens, and the lists in data saver's page size).
   */
  | {
      screen: 'read';
      user: User | null;
      /** A job page's Apply form as the server drew it after a post (ADR 031), when it did. */
      applyForm?: ApplyFormState;
    };

/**
 * A job page's Apply form as a plain HTML form (ADR 031): the letter as posted and why the
 * server refused it. The app's Apply dialog starts from it, so the page hydrates as drawn.
 */
export interface ApplyFormState {
  jobId: number;
  coverLetter: string;
  /** The refusal, worded as POST /api/applications words it (English: the catalogs translate). */
  error: string | null;
}

/** The query that draws a job page with its Apply form open: `/jobs/7?apply=1`. */
export const APPLY_QUERY = 'apply=1';

/**
 * The sign-in screen as a step of its plain HTML forms (ADR 031): which step, what was typed,
 * and why the server refused it. The app's sign-in screen starts from it, so a page drawn after
 * a form post hydrates at the same step.
 */
export interface LoginFormState {
  step: 'phone' | 'code' | 'profile';
  phoneNumber: string;
  deliveryMethod: 'sms' | 'whatsapp';
  code: string;
  firstName: string;
  lastName: string;
  role: string;
  region: string;
  /** When the code was sent (ms since the epoch), for Resend's countdown; 0 for none. */
  sentAt: number;
  /** Field errors, as the form's own check words them (English: the catalogs translate). */
  errors: Record<string, string>;
  /** The server's refusal of the step (a wrong code, too many tries), titled as the app's toast. */
  refusal: { title: string; message: string } | null;
  /** What the last step did ("Code Sent!"), titled as the app's toast. */
  notice: { title: string; message: string } | null;
}

/** How the page is drawn: in the person's language, with their data saver setting. */
export interface DrawingContext {
  language: Language;
  dataSaver: boolean;
  /**
   * Reads an API route for the person the page is for (their cookie, in-process). Only pages
   * of the `read` kind use it.
   */
  fetch?: typeof fetch;
}

/** The rendered screen: the markup of #root and the query cache it was drawn from (JSON). */
export interface RenderedScreen {
  html: string;
  /**
   * DrawnState as JSON, escaped to sit inside a <script> element: TanStack Query's dehydrated
   * cache and what the page was drawn with.
   */
  state: string;
}

/** What the page carries beside the drawn screen. */
export interface DrawnState<Cache = unknown> {
  /** TanStack Query's dehydrated cache. */
  cache: Cache;
  language: Language;
  dataSaver: boolean;
  /** Dates, an amount and a plural as the server wrote them (web/lib/format.ts formatProbe). */
  formats: string;
}

/** The module dist-server/entry-server.js exports. */
export interface ServerRenderer {
  render(url: string, data: FirstScreenData, context: DrawingContext): Promise<RenderedScreen>;
}

/** The id of the `<script type="application/json">` that carries the dehydrated state. */
export const FIRST_SCREEN_STATE_ID = 'first-screen-state';
