import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/api-errors';

interface UsageErrorProps {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}

/**
 * SPEC §8 tells two cases apart: the summary did not arrive ('Error loading usage data'), or an answer came
 * without a summary in it ('No usage data'; the client reports such an answer as INVALID_RESPONSE).
 */
export function UsageError({ error, onRetry, retrying }: UsageErrorProps) {
  const { t, i18n } = useTranslation(['usage', 'common']);
  const noData = error instanceof ApiError && error.code === 'INVALID_RESPONSE';
  const title = noData ? t('errors.noData') : t('errors.loadFailed');
  const detail = noData ? title : describeError(error, t, i18n.language, title);
  return (
    <Alert
      color={noData ? 'gray' : 'red'}
      variant="light"
      title={title}
      role="alert"
      data-testid={noData ? 'usage-no-data' : 'usage-error'}
    >
      <Stack gap="sm" align="flex-start">
        {detail !== title ? <Text size="sm">{detail}</Text> : null}
        <Button
          size="xs"
          variant="white"
          color={noData ? 'gray' : 'red'}
          onClick={onRetry}
          loading={retrying}
          data-testid="usage-retry"
        >
          {t('common:actions.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
