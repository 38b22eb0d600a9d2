import type { QueryClient } from '@tanstack/react-query';
import type { FirstScreenData } from '../../contracts/first-screen.ts';
import { artistQueryOptions } from '../features/artists/api/get-artist.ts';
import { artistsQueryOptions } from '../features/artists/api/get-artists.ts';
import { availabilityQueryOptions } from '../features/artists/api/get-availability.ts';
import { bookedDaysQueryOptions } from '../features/bookings/api/get-booked-days.ts';
import { jobQueryOptions } from '../features/jobs/api/get-job.ts';
import { jobsQueryOptions } from '../features/jobs/api/get-jobs.ts';
import { APPLY_FORM_QUERY_KEY, LOGIN_FORM_QUERY_KEY } from '../lib/drawn-page.ts';
import { USER_QUERY_KEY } from '../lib/query-client.ts';

/**
 * Puts the server's data for a screen into the cache under the keys that screen's queries use,
 * so it renders (on the server) and hydrates (in the browser) without asking for it. The browse
 * screens with no filters ask for the plain first page.
 */
export function seedFirstScreen(queryClient: QueryClient, data: FirstScreenData): void {
  // Who is signed in: the server read the session (the public screens are drawn for visitors).
  queryClient.setQueryData(USER_QUERY_KEY, data.screen === 'read' ? data.user : null);
  switch (data.screen) {
    case 'read':
      if (data.applyForm) queryClient.setQueryData(APPLY_FORM_QUERY_KEY, data.applyForm);
      return;
    case 'login':
      queryClient.setQueryData(LOGIN_FORM_QUERY_KEY, data.form);
      return;
    case 'home':
      return;
    case 'jobs':
      queryClient.setQueryData(
        jobsQueryOptions({ q: undefined, category: undefined, region: undefined }).queryKey,
        { pages: [data.jobs], pageParams: [undefined] },
      );
      return;
    case 'job':
      queryClient.setQueryData(jobQueryOptions(data.id).queryKey, data.job);
      return;
    case 'artists':
      queryClient.setQueryData(
        artistsQueryOptions({ q: undefined, performanceType: undefined, region: undefined })
          .queryKey,
        { pages: [data.artists], pageParams: [undefined] },
      );
      return;
    case 'artist':
      queryClient.setQueryData(artistQueryOptions(data.id).queryKey, data.artist);
      queryClient.setQueryData(availabilityQueryOptions(data.id).queryKey, data.availability);
      queryClient.setQueryData(bookedDaysQueryOptions(data.id).queryKey, data.bookedDays);
      return;
  }
}
