import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { describeError } from '../lib/api-errors';

export function LoadingState({ testId = 'loading' }: { testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <Center py="xl" data-testid={testId}>
      <Stack align="center" gap="xs">
        <Loader aria-label={t('loading')} />
      </Stack>
    </Center>
  );
}

interface ErrorStateProps {
  error: unknown;
  /** Already translated text used when the error says nothing more precise. */
  fallback: string;
  onRetry?: () => void;
  testId?: string;
}

export function ErrorState({ error, fallback, onRetry, testId = 'error-state' }: ErrorStateProps) {
  const { t, i18n } = useTranslation('common');
  return (
    <Alert color="red" variant="light" title={fallback} data-testid={testId} role="alert">
      <Stack gap="sm" align="flex-start">
        <span>{describeError(error, t, i18n.language, fallback)}</span>
        {onRetry ? (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
