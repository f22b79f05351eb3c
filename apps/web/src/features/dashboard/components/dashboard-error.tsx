import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/api-errors';

interface DashboardErrorProps {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}

/**
 * Two failures the user can tell apart: the summary did not arrive, or it arrived without parts the page
 * needs (the client checks every answer against the contract and reports INVALID_RESPONSE).
 */
export function DashboardError({ error, onRetry, retrying }: DashboardErrorProps) {
  const { t, i18n } = useTranslation(['dashboard', 'common']);
  const incomplete = error instanceof ApiError && error.code === 'INVALID_RESPONSE';
  const title = incomplete ? t('errors.incomplete') : t('errors.loadFailed');
  const detail = incomplete ? t('errors.incompleteHint') : describeError(error, t, i18n.language, title);
  return (
    <Alert
      color={incomplete ? 'orange' : 'red'}
      variant="light"
      title={title}
      role="alert"
      data-testid={incomplete ? 'dashboard-incomplete' : 'dashboard-error'}
    >
      <Stack gap="sm" align="flex-start">
        {detail !== title ? <Text size="sm">{detail}</Text> : null}
        <Button
          size="xs"
          variant="white"
          color={incomplete ? 'orange' : 'red'}
          onClick={onRetry}
          loading={retrying}
          data-testid="dashboard-retry"
        >
          {t('common:actions.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
