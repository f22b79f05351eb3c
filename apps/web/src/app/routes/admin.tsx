import { AdminPanel } from '../../features/admin/components/admin-panel';

export function AdminPage() {
  return <AdminPanel />;
}
