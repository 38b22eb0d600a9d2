import type { QueryClient } from '@tanstack/react-query';
import { createApplicationMutationOptions } from '../features/applications/api/create-application.ts';
import { createBookingMutationOptions } from '../features/bookings/api/create-booking.ts';
import { createJobMutationOptions } from '../features/jobs/api/create-job.ts';

/** Every write that can be queued offline, so a paused mutation resumes after a reload. */
export function registerMutationDefaults(queryClient: QueryClient): void {
  const job = createJobMutationOptions(queryClient);
  queryClient.setMutationDefaults(job.mutationKey, job);
  const application = createApplicationMutationOptions(queryClient);
  queryClient.setMutationDefaults(application.mutationKey, application);
  const booking = createBookingMutationOptions(queryClient);
  queryClient.setMutationDefaults(booking.mutationKey, booking);
}
