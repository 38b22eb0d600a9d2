import { useMutation } from '@tanstack/react-query';
import type { CreateReportInput } from '../../contracts/moderation.schemas.ts';
import type { Report } from '../../contracts/moderation.ts';
import { api } from '../../contracts/paths.ts';
import { sendJson } from './api-client.ts';

/**
 * POST /api/reports. Online only, unlike the outbox's writes: a report is about what is on
 * screen now, and the server answers at once whether it counted (a repeat is refused).
 */
export function useReport() {
  return useMutation({
    mutationFn: (input: CreateReportInput) => sendJson<Report>('POST', api.reports, input),
  });
}
