import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconX } from '../../../components/icons';
import { paths } from '../../../lib/paths';
import { ResultCard } from './result-card';

/** SPEC §2: a payment that failed; Try Again and Back to Account both lead to /usage. */
export function PaymentFailurePage() {
  const { t } = useTranslation(['pages', 'payments']);
  return (
    <ResultCard
      title={t('pages:paymentFailure')}
      icon={<IconX size={28} />}
      color="red"
      testId="page-payment-failure"
      actions={
        <>
          <Button component={Link} to={paths.usage} data-testid="payment-failure-retry">
            {t('payments:failure.tryAgain')}
          </Button>
          <Button component={Link} to={paths.usage} variant="default" data-testid="payment-failure-back">
            {t('payments:failure.back')}
          </Button>
        </>
      }
    >
      <Text c="dimmed">{t('payments:failure.text')}</Text>
    </ResultCard>
  );
}
