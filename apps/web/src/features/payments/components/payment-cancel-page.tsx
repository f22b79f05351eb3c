import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconX } from '../../../components/icons';
import { paths } from '../../../lib/paths';
import { ResultCard } from './result-card';

/** SPEC §2: a cancelled payment charged nothing; Try Again leads to /usage, Go to Dashboard to /dashboard. */
export function PaymentCancelPage() {
  const { t } = useTranslation(['pages', 'payments']);
  return (
    <ResultCard
      title={t('pages:paymentCancel')}
      icon={<IconX size={28} />}
      color="gray"
      testId="page-payment-cancel"
      actions={
        <>
          <Button component={Link} to={paths.usage} data-testid="payment-cancel-retry">
            {t('payments:cancel.tryAgain')}
          </Button>
          <Button
            component={Link}
            to={paths.dashboard}
            variant="default"
            data-testid="payment-cancel-dashboard"
          >
            {t('payments:cancel.dashboard')}
          </Button>
        </>
      }
    >
      <Text c="dimmed">{t('payments:cancel.text')}</Text>
    </ResultCard>
  );
}
