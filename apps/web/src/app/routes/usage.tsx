import { UsagePage as UsageFeaturePage } from '../../features/usage/components/usage-page';

export function UsagePage() {
  return <UsageFeaturePage />;
}
