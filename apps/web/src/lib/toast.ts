import { notifications } from '@mantine/notifications';

/** Toasts close by themselves after 3 seconds (SPEC §9). */
export const toastDurationMs = 3000;

export function showToast(message: string, kind: 'success' | 'error' | 'info' = 'info'): void {
  notifications.show({
    message,
    color: kind === 'success' ? 'teal' : kind === 'error' ? 'red' : 'blue',
    autoClose: toastDurationMs,
  });
}
