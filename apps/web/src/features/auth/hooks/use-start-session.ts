import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { setOrganizationId, setTokens } from '../../../lib/storage';

/** Stores a fresh sign-in; whatever an earlier user chose or cached in this browser is dropped. */
export function useStartSession(): (tokens: { access: string; refresh: string }) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (tokens) => {
      queryClient.clear();
      setOrganizationId(null);
      setTokens(tokens);
    },
    [queryClient],
  );
}
