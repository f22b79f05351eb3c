import { Alert, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { failureMessage, failureReasons, refundNote } from '../hooks/ocr-messages';

interface FailedRun {
  error_message: string | null;
  error_code: string | null;
  credits_refunded: number;
}

/** Why a run failed, what may have caused it, and whether its credits came back. */
export function FailureDetails({ run }: { run: FailedRun }) {
  const { t, i18n } = useTranslation('ocr');
  const language = i18n.language;
  const reasons = failureReasons(run, t, language);
  const refund = refundNote(run.credits_refunded, t, language);
  return (
    <Stack gap="xs">
      <Alert color="red" variant="light" data-testid="ocr-failure-message">
        {failureMessage(run, t, language)}
      </Alert>
      {refund ? (
        <Text size="sm" c="teal.8" data-testid="ocr-refund-note">
          {refund}
        </Text>
      ) : null}
      {reasons.length > 0 ? (
        <div>
          <Text size="sm" fw={500}>
            {t('failure.reasonsTitle')}
          </Text>
          <List size="sm" spacing={2} data-testid="ocr-failure-reasons">
            {reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        </div>
      ) : null}
    </Stack>
  );
}
