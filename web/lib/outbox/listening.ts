/**
 * Whether this tab's outbox listeners (web/app/outbox-effects.tsx: refresh what a sent write
 * changed, tell the user) are subscribed and their start-up sends are done. They load after the
 * first screen, so a write made sooner waits for them rather than going out unheard or racing
 * a start-up send for the same item.
 */
let isListening = false;
let markListening: () => void = () => undefined;
const listening = new Promise<void>((resolve) => {
  markListening = resolve;
});

/** Past this the write goes anyway; the page's own refresh will catch up. */
const MAX_WAIT_MS = 5000;

export function setOutboxListening(): void {
  isListening = true;
  markListening();
}

export function outboxListening(): Promise<void> {
  if (isListening) return listening;
  return Promise.race([
    listening,
    new Promise<void>((resolve) => setTimeout(resolve, MAX_WAIT_MS)),
  ]);
}
