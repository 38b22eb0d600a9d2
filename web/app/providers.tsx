import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { ToastProvider } from '../components/ui/toast.tsx';
import { persistQueryCache, restoreQueryCache } from '../lib/persist-cache.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { OutboxEffects } from './outbox-effects.tsx';

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
        <OutboxEffects />
      </ToastProvider>
    </QueryClientProvider>
  );
}
