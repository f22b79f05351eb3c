import { authRoutes } from '@invoicing/contract';
import type { RegisterInvitedInput } from '@invoicing/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export function registerInvited(input: RegisterInvitedInput) {
  return callApi(authRoutes.registerInvited, { body: input });
}

export function useRegisterInvitedMutation() {
  return useMutation({ mutationFn: registerInvited });
}
