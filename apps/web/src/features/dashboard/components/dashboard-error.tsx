import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';

interface DashboardErrorProps {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}

/** SPEC §8: 'Failed to load dashboard data', or 'Dashboard data is incomplete'. */
export function DashboardError(props: DashboardErrorProps) {
  const { t } = useTranslation('dashboard');
  return (
    <LoadError
      {...props}
      failedTitle={t('errors.loadFailed')}
      invalidTitle={t('errors.incomplete')}
      invalidHint={t('errors.incompleteHint')}
      invalidColor="orange"
      testIdPrefix="dashboard"
      invalidTestId="dashboard-incomplete"
    />
  );
}
