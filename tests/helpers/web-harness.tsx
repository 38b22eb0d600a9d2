/**
 * Renders a piece of the web app as the app does, for component tests in happy-dom: the app's
 * query client with a signed-in user, and its outbox controller whose sender talks to a fake
 * server (the edge of the world), with the toasts it shows collected. Toasts the components show
 * themselves appear in the page, as in the app.
 */
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach } from 'vitest';
import type { User } from '../../contracts/auth.ts';
import { WRITE_KINDS } from '../../web/app/write-kinds.ts';
import { ToastProvider } from '../../web/components/ui/toast.tsx';
import { createOutboxController } from '../../web/lib/outbox/controller.ts';
import { createLocalLock, createOutbox } from '../../web/lib/outbox/outbox.ts';
import { OutboxProvider } from '../../web/lib/outbox/outbox-context.tsx';
import { fakeServer, memoryStorage } from '../../web/lib/outbox/outbox-fakes.ts';
import type { OutboxItem } from '../../web/lib/outbox/outbox-item.ts';
import type { Message } from '../../web/lib/outbox/write-kind.ts';
import { createQueryClient, USER_QUERY_KEY } from '../../web/lib/query-client.ts';

const stops: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const stop of stops.splice(0)) stop();
});

export function renderWithApp(
  ui: ReactNode,
  options: {
    server?: ReturnType<typeof fakeServer>;
    /** Who is signed in (a user like Ama Owusu, employer, by default); null for nobody. */
    user?: Partial<User> | null;
    online?: boolean;
    /** Answers already in the cache, as a screen finds them after an earlier visit. */
    queries?: [queryKey: readonly unknown[], data: unknown][];
    /** Fills the query cache before the first render, as data saved or fetched earlier would. */
    seed?: (queryClient: QueryClient) => void;
    /** Writes already waiting in the phone's outbox. */
    outbox?: OutboxItem[];
  } = {},
) {
  // Offline, the server is out of reach too.
  const server =
    options.server ?? (options.online === false ? fakeServer({ user: 'network' }) : fakeServer());
  const storage = memoryStorage();
  for (const item of options.outbox ?? []) storage.items.set(item.idempotencyKey, item);
  const queryClient = createQueryClient();
  const user: User | null =
    options.user === null
      ? null
      : {
          id: 7,
          phoneNumber: '+233241234567',
          role: 'employer',
          firstName: 'Ama',
          lastName: 'Owusu',
          region: 'Greater Accra',
          email: null,
          emailVerified: false,
          phoneVerified: true,
          claims: { sub: '7' },
          createdAt: '2026-01-01T00:00:00.000Z',
          isAdmin: false,
          language: null,
          ...options.user,
        };
  queryClient.setQueryData(USER_QUERY_KEY, user);
  for (const [queryKey, data] of options.queries ?? []) queryClient.setQueryData(queryKey, data);
  options.seed?.(queryClient);
  const toasts: Message[] = [];
  const sender = createOutbox({ storage, withLock: createLocalLock(), fetch: server.fetch });
  const controller = createOutboxController({
    queryClient,
    toast: (message) => toasts.push(message),
    loadKinds: async () => WRITE_KINDS,
    loadSender: async () => sender,
    storage,
    isOnline: () => options.online ?? true,
    requestSync: async () => undefined,
  });
  stops.push(() => controller.stop());
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <OutboxProvider controller={controller}>{ui}</OutboxProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...view, server, storage, toasts, queryClient };
}
