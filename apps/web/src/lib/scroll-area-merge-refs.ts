import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * Floating UI's `useMergeRefs`, for Mantine's scroll area only (vite.config.ts points its import here). The
 * scroll area takes nothing else from Floating UI, and with this hook it no longer brings the whole of it
 * (about 17 KB compressed) to every page with a table or a dialog; the menus, selects and tooltips that
 * position themselves with Floating UI still load it. Mantine's own hook merges refs the same way, React 19
 * ref cleanups included.
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>) {
  return useMergedRef(...refs);
}
