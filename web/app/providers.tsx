import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { ToastProvider } from '../components/ui/toast.tsx';
import { startDeferredNow, useAfterFirstScreen } from '../lib/first-screen.ts';
import { outboxHasItems } from '../lib/outbox/outbox-store.ts';
import { persistQueryCache, restoreQueryCache } from '../lib/persist-cache.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { registerServiceWorker } from '../lib/service-worker.ts';

// The outbox runner is not needed to show any screen: it loads once the first one is up.
const OutboxEffects = lazy(() =>
  import('./outbox-effects.tsx').then((m) => ({ default: m.OutboxEffects })),
);

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // Screens wait (a spinner, a few milliseconds) until the saved data is back in the cache, so
  // they never flash "not found" or fetch what is already on the phone.
  const [restoring, setRestoring] = useState(true);
  const started = useAfterFirstScreen(queryClient);
  // Writes kept from an earlier visit: the runner starts now, to send them and hear them go.
  useEffect(() => {
    void outboxHasItems().then((waiting) => {
      if (waiting) startDeferredNow();
    });
  }, []);
  // Offline support installs once the first screen is up, so its precache download never
  // competes with that screen for a slow link.
  useEffect(() => {
    if (started) registerServiceWorker();
  }, [started]);
  useEffect(() => {
    let active = true;
    let stop: (() => void) | undefined;
    void restoreQueryCache(queryClient).then(() => {
      if (!active) return;
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
        {restoring ? <FullPageSpinner /> : children}
        {started && (
          <Suspense fallback={null}>
            <OutboxEffects />
          </Suspense>
        )}
      </ToastProvider>
    </QueryClientProvider>
  );
}
