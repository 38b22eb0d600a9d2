/**
 * The two writes of a deal that are plain requests, not outbox writes: cancelling (the amount
 * the dialog states is the server's at the moment of asking, so it is not sent later from a
 * queue when it may have changed) and splitting a job into milestones (the employer waits for
 * the server's word on the total). Both need a connection.
 */
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MilestoneInput } from '../../../../contracts/engagements.ts';
import { api, type EngagementPath } from '../../../../contracts/paths.ts';
import { sendJson } from '../../../lib/api-client.ts';
import { JOBS_QUERY_KEY, WALLET_QUERY_KEY } from '../../../lib/query-keys.ts';

/** POST /api/{bookings|applications|milestones}/:id/cancel */
export function cancelDeal(kind: EngagementPath, id: number): Promise<unknown> {
  return sendJson('POST', api.cancelEngagement(kind, id), {});
}

export function useCancelDeal(kind: EngagementPath, id: number, refreshes: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelDeal(kind, id),
    onSettled: async () => {
      await Promise.all(
        [refreshes, WALLET_QUERY_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

/** PUT /api/applications/:id/milestones */
export function setMilestones(applicationId: number, milestones: MilestoneInput[]) {
  return sendJson('PUT', api.applicationMilestones(applicationId), { milestones });
}

export function useSetMilestones(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (milestones: MilestoneInput[]) => setMilestones(applicationId, milestones),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: JOBS_QUERY_KEY }),
  });
}
