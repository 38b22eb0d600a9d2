import { useMutation } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { useOutboxController } from './outbox-context.tsx';
import type { OutboxItem } from './outbox-item.ts';
import type { WriteKind } from './write-kind.ts';

/**
 * A form's write of one kind, through the controller; the mutation gives the submit button
 * its pending state. With `showsRefusal` the form shows a refusal's message itself (a dialog). It runs offline too (networkMode 'always'): the outbox, not TanStack,
 * decides when to send, and the controller tells the user how it went.
 */
export function useWrite<V>(kind: WriteKind<V>, options: { showsRefusal?: boolean } = {}) {
  const controller = useOutboxController();
  return useMutation({
    networkMode: 'always',
    mutationFn: (variables: V) => controller.submit(kind, variables, options),
  });
}

const EMPTY: OutboxItem[] = [];

interface OutboxFilter {
  /** Only this user's items: nobody else's writes show on a shared phone. */
  userId: number | null | undefined;
  kind?: Pick<WriteKind<never>, 'name'> | undefined;
  ref?: number | undefined;
}

/** The signed-in user's waiting and failed writes, optionally of one kind and about one thing. */
export function useOutboxItems({ userId, kind, ref }: OutboxFilter) {
  const controller = useOutboxController();
  const items = useSyncExternalStore(controller.subscribeToItems, controller.items, () => EMPTY);
  return useMemo(() => {
    const mine = items.filter(
      (item) =>
        item.userId === userId &&
        (kind === undefined || item.kind === kind.name) &&
        (ref === undefined || item.ref === ref),
    );
    return {
      pending: mine.filter((item) => item.state === 'pending'),
      failed: mine.filter((item) => item.state === 'failed'),
      dismiss: (key: string) => controller.dismiss(key),
    };
  }, [items, userId, kind, ref, controller]);
}
