import { Notifications } from '@mantine/notifications';
import { toastDurationMs } from '../lib/toast';

/** The container of toasts, with its transitions: its own file, loaded when the first toast is shown. */
export function ToastContainer() {
  return <Notifications autoClose={toastDurationMs} position="bottom-center" />;
}
