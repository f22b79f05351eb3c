import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const ToastContainer = lazy(() =>
  import('./toast-container').then((module) => ({ default: module.ToastContainer })),
);

/**
 * Where toasts appear. Their container is loaded when the first toast is shown, not with every page: a toast
 * waits in the store meanwhile and appears as soon as the container is there.
 */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
