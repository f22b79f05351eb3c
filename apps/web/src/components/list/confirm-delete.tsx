import type { UseMutationResult } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { showToast } from '../../lib/toast';
import { useOnceTrue } from '../../lib/use-once-true';
import type { ConfirmDeleteProps } from './confirm-delete-dialog';

export interface Deletion<T> {
  /** What the dialog asks about; null while it is closed. */
  target: T | null;
  ask: (target: T) => void;
  close: () => void;
  confirm: () => Promise<void>;
  pending: boolean;
  error: unknown;
}

/**
 * Deleting after a confirmation: `ask` opens the dialog, `confirm` deletes, says so and closes it; a refusal
 * stays in the dialog.
 */
export function useDeletion<T extends { id: string }>(
  mutation: UseMutationResult<unknown, unknown, string>,
  deletedMessage: string,
  /** After the deletion went through and the dialog closed (a page of the deleted record leaves). */
  onDeleted?: (target: T) => void,
): Deletion<T> {
  const [target, setTarget] = useState<T | null>(null);
  return {
    target,
    ask: (chosen) => {
      mutation.reset();
      setTarget(chosen);
    },
    close: () => setTarget(null),
    confirm: async () => {
      if (!target) return;
      try {
        await mutation.mutateAsync(target.id);
      } catch {
        // Shown in the dialog.
        return;
      }
      showToast(deletedMessage, 'success');
      setTarget(null);
      onDeleted?.(target);
    },
    pending: mutation.isPending,
    error: mutation.error,
  };
}

const ConfirmDeleteDialog = lazy(() =>
  import('./confirm-delete-dialog').then((module) => ({ default: module.ConfirmDeleteDialog })),
);

/**
 * The dialog that asks before deleting, and says why a deletion was refused. Its code (the modal and what it
 * brings) is loaded when a deletion is first asked for, not with every list.
 */
export function ConfirmDelete<T>(props: ConfirmDeleteProps<T>) {
  const wanted = useOnceTrue(props.deletion.target !== null);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDeleteDialog {...(props as ConfirmDeleteProps<unknown>)} />
    </Suspense>
  );
}
