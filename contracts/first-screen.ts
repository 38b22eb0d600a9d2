/**
 * What the server hands the web app's server renderer (web/entry-server.tsx, built into
 * dist-server/) to draw a public screen's first view: the data that screen's first queries ask
 * for, read through the same services the API routes use and in the shapes those routes send.
 * Plain types only: the API and the web bundle both import this.
 */
import type { Artist, ArtistDetail, AvailabilityEntry } from './artists.ts';
import type { Job, JobListing } from './jobs.ts';
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
    };

/** The rendered screen: the markup of #root and the query cache it was drawn from (JSON). */
export interface RenderedScreen {
  html: string;
  /** TanStack Query's dehydrated state as JSON, escaped to sit inside a <script> element. */
  state: string;
}

/** The module dist-server/entry-server.js exports. */
export interface ServerRenderer {
  render(url: string, data: FirstScreenData): Promise<RenderedScreen>;
}

/** The id of the `<script type="application/json">` that carries the dehydrated state. */
export const FIRST_SCREEN_STATE_ID = 'first-screen-state';
