import { useMutation } from '@tanstack/react-query';
import type { SendCode } from '../../../../contracts/auth.schemas.ts';
import { api } from '../../../../contracts/paths.ts';
import { sendJson } from '../../../lib/api-client.ts';

function sendCode(input: SendCode): Promise<{ ok: true }> {
  return sendJson('POST', api.sendCode, input);
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
