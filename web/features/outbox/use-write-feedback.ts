import { type ToastInput, useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { queuedToast, type SubmitResult } from '../../lib/outbox/submit.ts';

/**
 * The toasts of an outbox write: `sent` when the server has it now, "Saved. It will be sent..."
 * when it waits, and the server's message (a double booking, a decision already made) when refused.
 */
export function useWriteFeedback() {
  const toast = useToast();
  return (sent: ToastInput, failedTitle = 'Update Failed') => ({
    onSuccess: (result: SubmitResult<unknown>) =>
      toast(result.status === 'sent' ? sent : queuedToast(result.reason)),
    onError: (error: unknown) =>
      toast({
        variant: 'destructive',
        title: failedTitle,
        description: errorMessage(error, 'Please try again.'),
      }),
  });
}
