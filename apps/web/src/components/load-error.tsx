import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { describeError } from '../lib/api-errors';

interface LoadErrorProps {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  /** Already translated: the data did not arrive. */
  failedTitle: string;
  /** Already translated: an answer came without what the page needs (the client reports INVALID_RESPONSE). */
  invalidTitle: string;
  /** Said under the invalid title, when it needs more. */
  invalidHint?: string;
  invalidColor: string;
  /** `<prefix>-error`, `<prefix>-invalid`, `<prefix>-retry`. */
  testIdPrefix: string;
  /** The invalid case's own test id, where a page named it before. */
  invalidTestId?: string;
}

/**
 * A page's data that could not be shown, in the two cases a user can tell apart: it did not arrive, or it
 * arrived without parts the page needs. Both offer to try again.
 */
export function LoadError(props: LoadErrorProps) {
  const { t, i18n } = useTranslation('common');
  const invalid = props.error instanceof ApiError && props.error.code === 'INVALID_RESPONSE';
  const title = invalid ? props.invalidTitle : props.failedTitle;
  const detail = invalid ? (props.invalidHint ?? title) : describeError(props.error, t, i18n.language, title);
  const color = invalid ? props.invalidColor : 'red';
  return (
    <Alert
      color={color}
      variant="light"
      title={title}
      role="alert"
      data-testid={
        invalid ? (props.invalidTestId ?? `${props.testIdPrefix}-invalid`) : `${props.testIdPrefix}-error`
      }
    >
      <Stack gap="sm" align="flex-start">
        {detail !== title ? <Text size="sm">{detail}</Text> : null}
        <Button
          size="xs"
          variant="white"
          color={color}
          onClick={props.onRetry}
          loading={props.retrying}
          data-testid={`${props.testIdPrefix}-retry`}
        >
          {t('actions.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
