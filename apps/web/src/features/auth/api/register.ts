import { authRoutes } from '@invoicing/contract';
import type { RegisterInput } from '@invoicing/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export function register(input: RegisterInput) {
  return callApi(authRoutes.register, { body: input });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}
