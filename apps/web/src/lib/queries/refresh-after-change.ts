import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * After a change saved on the server: the queries under `queryKey` that a page shows are fetched again, and
 * those no page shows are forgotten, so a list opened next loads instead of showing the old rows first.
 */
export async function refreshAfterChange(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  queryClient.removeQueries({ queryKey, type: 'inactive' });
  await queryClient.invalidateQueries({ queryKey });
}
