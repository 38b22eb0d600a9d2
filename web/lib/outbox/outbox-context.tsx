import { createContext, type ReactNode, useContext } from 'react';
import type { OutboxController } from './controller.ts';

const OutboxContext = createContext<OutboxController | null>(null);

/** Hands the app's one outbox controller to the forms and lists below. */
export function OutboxProvider({
  controller,
  children,
}: {
  controller: OutboxController;
  children: ReactNode;
}) {
  return <OutboxContext.Provider value={controller}>{children}</OutboxContext.Provider>;
}

export function useOutboxController(): OutboxController {
  const controller = useContext(OutboxContext);
  if (!controller) throw new Error('useOutbox* must be used inside <OutboxProvider>');
  return controller;
}
