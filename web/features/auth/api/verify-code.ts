import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Signup, VerifyCode } from '../../../../contracts/auth.schemas.ts';
import type { User, VerifyCodeResult } from '../../../../contracts/auth.ts';
import { api } from '../../../../contracts/paths.ts';
import { sendJson } from '../../../lib/api-client.ts';
import { userQueryOptions } from '../../../lib/auth.ts';
import { rememberSession } from '../../../lib/session-marker.ts';

/** Verify a code; with the profile fields it signs a new user up (the code is sent again). */
function verifyCode(input: VerifyCode | Signup): Promise<VerifyCodeResult> {
  return sendJson('POST', api.verifyCode, input);
}

export function useVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyCode,
    onSuccess(result) {
      if (!result.isNewUser) {
        rememberSession(true);
        queryClient.setQueryData<User | null>(userQueryOptions().queryKey, result.user);
      }
    },
  });
}
