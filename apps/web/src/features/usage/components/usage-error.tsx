import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';

interface UsageErrorProps {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}

/** SPEC §8: 'Error loading usage data', or 'No usage data' for an answer without a summary in it. */
export function UsageError(props: UsageErrorProps) {
  const { t } = useTranslation('usage');
  return (
    <LoadError
      {...props}
      failedTitle={t('errors.loadFailed')}
      invalidTitle={t('errors.noData')}
      invalidColor="gray"
      testIdPrefix="usage"
      invalidTestId="usage-no-data"
    />
  );
}
