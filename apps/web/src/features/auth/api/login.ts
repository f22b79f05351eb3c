import { authRoutes } from '@invoicing/contract';
import type { LoginInput } from '@invoicing/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export function login(input: LoginInput) {
  return callApi(authRoutes.login, { body: input });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
