import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ToastInput, useToast } from '../components/ui/toast.tsx';
import {
  APPLICATION_KIND,
  refreshAfterApplication,
} from '../features/applications/api/create-application.ts';
import {
  APPLICATION_STATUS_KIND,
  refreshAfterApplicationDecision,
} from '../features/applications/api/decide-application.ts';
import { useUser } from '../features/auth/api/get-user.ts';
import { BOOKING_KIND, refreshAfterBooking } from '../features/bookings/api/create-booking.ts';
import {
  BOOKING_STATUS_KIND,
  refreshAfterBookingDecision,
} from '../features/bookings/api/decide-booking.ts';
import { JOB_KIND, refreshAfterJob } from '../features/jobs/api/create-job.ts';
import { JOB_ACTIVE_KIND, refreshAfterJobActive } from '../features/jobs/api/set-job-active.ts';
import { outbox } from '../lib/outbox/browser-outbox.ts';
import { setOutboxListening } from '../lib/outbox/listening.ts';
import type { OutboxItem } from '../lib/outbox/outbox.ts';
import { flushOutbox, startOutbox } from '../lib/outbox/outbox-runner.ts';

interface KindHandler {
  /** The queries the write changes, refreshed once the server has it (or has refused it). */
  refresh(queryClient: QueryClient, item: OutboxItem): Promise<unknown>;
  /** The spec's success toast, also shown when a write kept for later finally goes. */
  sent: ToastInput | ((item: OutboxItem) => ToastInput);
}

/** Every kind of write that goes through the outbox. */
const HANDLERS: Record<string, KindHandler> = {
  [APPLICATION_KIND]: {
    refresh: refreshAfterApplication,
    sent: {
      title: 'Application Submitted!',
      description: 'Your application has been sent to the employer.',
    },
  },
  [BOOKING_KIND]: {
    refresh: (queryClient) => refreshAfterBooking(queryClient),
    sent: {
      title: 'Booking Request Sent',
      description: 'The artist will review your booking request and respond soon.',
    },
  },
  [JOB_KIND]: {
    refresh: (queryClient) => refreshAfterJob(queryClient),
    sent: {
      title: 'Job Posted Successfully!',
      description: 'Your job has been published and is now visible to job seekers.',
    },
  },
  [APPLICATION_STATUS_KIND]: { refresh: refreshAfterApplicationDecision, sent: sentUpdate },
  [BOOKING_STATUS_KIND]: {
    refresh: (queryClient) => refreshAfterBookingDecision(queryClient),
    sent: sentUpdate,
  },
  [JOB_ACTIVE_KIND]: { refresh: refreshAfterJobActive, sent: sentUpdate },
};

/** Decisions and job changes say what went. */
function sentUpdate(item: OutboxItem): ToastInput {
  return { title: 'Update Sent', description: item.title };
}

/**
 * Runs the outbox for this tab: sends on start, on reconnect, on return and on a timer; when
 * this tab, another one or the service worker gets an answer, refreshes what the write changed
 * and tells the user about writes that went (or failed) in the background.
 */
export function OutboxEffects() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const userId = useUser().user?.id;

  useEffect(() => startOutbox(), []);

  useEffect(() => {
    const unsubscribe = outbox.subscribe((event) => {
      if (event.type === 'changed') return;
      const handler = HANDLERS[event.item.kind];
      void handler?.refresh(queryClient, event.item);
      if (event.item.userId !== userId) return;
      if (event.type === 'sent' && event.background && handler) {
        toast(typeof handler.sent === 'function' ? handler.sent(event.item) : handler.sent);
      }
      if (event.type === 'failed') {
        toast({
          variant: 'destructive',
          title: "Couldn't send",
          description: `${event.item.title}: ${event.item.lastError ?? ''}`,
        });
      }
    });
    // A write made before this loaded waits for the start-up sends to finish, so they never
    // race its own send (web/lib/outbox/listening.ts).
    void flushOutbox().then(setOutboxListening);
    return unsubscribe;
  }, [queryClient, toast, userId]);

  // Signing in (again) releases the writes that waited for this user's session.
  useEffect(() => {
    if (userId !== undefined) void flushOutbox({ force: true });
  }, [userId]);

  return null;
}
