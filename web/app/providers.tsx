import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { ToastProvider, useToast } from '../components/ui/toast.tsx';
import { trustSessionOverSavedUser } from '../lib/auth.ts';
import { useAfterFirstScreen } from '../lib/first-screen.ts';
import { createOutboxController } from '../lib/outbox/controller.ts';
import { OutboxProvider } from '../lib/outbox/outbox-context.tsx';
import { persistQueryCache, restoreQueryCache } from '../lib/persist-cache.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { registerServiceWorker } from '../lib/service-worker.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // Screens wait (a spinner, a few milliseconds) until the saved data is back in the cache, so
  // they never flash "not found" or fetch what is already on the phone.
  const [restoring, setRestoring] = useState(true);
  useEffect(() => {
    let active = true;
    let stop: (() => void) | undefined;
    void restoreQueryCache(queryClient).then(() => {
      if (!active) return;
      trustSessionOverSavedUser(queryClient);
      stop = persistQueryCache(queryClient);
      setRestoring(false);
    });
    return () => {
      active = false;
      stop?.();
    };
  }, [queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <Outbox queryClient={queryClient}>{restoring ? <FullPageSpinner /> : children}</Outbox>
      </ToastProvider>
    </QueryClientProvider>
  );
}

/**
 * The app's one outbox controller. Its sender and the registry of write kinds load once the
 * first screen is up, so they never compete with it; at once when writes wait from an earlier
 * visit (to send them and hear them go); or with the first write, whichever comes first.
 */
function Outbox({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const toast = useToast();
  const [controller] = useState(() =>
    createOutboxController({
      queryClient,
      toast,
      loadKinds: () => import('./write-kinds.ts').then((module) => module.WRITE_KINDS),
    }),
  );
  useEffect(() => {
    void controller.startIfItemsWait();
  }, [controller]);
  const afterFirstScreen = useAfterFirstScreen(queryClient);
  useEffect(() => {
    if (!afterFirstScreen) return;
    void controller.start().catch(() => undefined);
    // Offline support installs then too, so its precache download never competes with the
    // first screen for a slow link.
    registerServiceWorker();
  }, [afterFirstScreen, controller]);
  return <OutboxProvider controller={controller}>{children}</OutboxProvider>;
}
