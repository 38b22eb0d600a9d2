import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModerationDecision } from '../../../../contracts/moderation.schemas.ts';
import type {
  AdminQueue,
  DisputeDecision,
  ModerationResult,
} from '../../../../contracts/moderation.ts';
import { api } from '../../../../contracts/paths.ts';
import { getJson, sendJson } from '../../../lib/api-client.ts';

/** What waits for an operator: held jobs, reported listings and disputed payments. */
export function adminQueueQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'queue'] as const,
    queryFn: () => getJson<AdminQueue>(api.adminQueue),
  });
}

export function useAdminQueue(options: { enabled: boolean }) {
  return useQuery({ ...adminQueueQueryOptions(), ...options });
}

/**
 * An operator's decisions, sent at once (never through the outbox: an operator decides on what
 * they see now). The queue is fetched again after each.
 */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ModerationDecision) =>
      sendJson<ModerationResult>('POST', api.adminModeration, decision),
    onSettled: () => queryClient.invalidateQueries(adminQueueQueryOptions()),
  });
}

export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, decision }: { paymentId: number; decision: DisputeDecision }) =>
      sendJson<{ paymentId: number; status: string }>('POST', api.adminDispute(paymentId), {
        decision,
      }),
    onSettled: () => queryClient.invalidateQueries(adminQueueQueryOptions()),
  });
}
