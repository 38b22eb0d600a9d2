import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateEmployerInput } from '../../../../contracts/employers.schemas.ts';
import type { EmployerProfile } from '../../../../contracts/employers.ts';
import { api } from '../../../../contracts/paths.ts';
import { sendJson } from '../../../lib/api-client.ts';
import { employerQueryOptions } from './get-employer.ts';

/** Saves the business name (online only: a setting, not work that must not be lost). */
export function useUpdateEmployer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateEmployerInput) =>
      sendJson<EmployerProfile>('PUT', api.myEmployer, input),
    onSuccess(profile) {
      queryClient.setQueryData(employerQueryOptions(profile.id).queryKey, profile);
    },
  });
}
