import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { AmountSentence } from '../../../components/amount-sentence';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { convertPrice } from '../../../lib/prices';
import { paypalUsdPerEgp } from '../payment-steps';
import { priceCurrency } from './payment-summary';

function usePaypalAmounts(amount: string) {
  const { i18n } = useTranslation('payments');
  return {
    amount: formatMoney(amount, priceCurrency, i18n.language),
    usd: formatMoney(convertPrice(amount, paypalUsdPerEgp), 'USD', i18n.language),
  };
}

/** PayPal does not take EGP: the amount it will charge, in US dollars at the configured rate. */
export function PaypalNotice({ amount }: { amount: string }) {
  const amounts = usePaypalAmounts(amount);
  return (
    <Alert color="blue" variant="light" data-testid="payment-paypal-notice">
      <AmountSentence ns="payments" i18nKey="paypal.notice" values={{ ...amounts, rate: paypalUsdPerEgp }} />
    </Alert>
  );
}

interface PaypalConfirmProps {
  opened: boolean;
  amount: string;
  onCancel: () => void;
  onConfirm: () => void;
  pending: boolean;
}

/** Asked before leaving for PayPal: the payer agrees to the dollar amount. */
export function PaypalConfirm({ opened, amount, onCancel, onConfirm, pending }: PaypalConfirmProps) {
  const { t } = useTranslation('payments');
  const amounts = usePaypalAmounts(amount);
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('paypal.confirmTitle')}
      data-testid="payment-paypal-dialog"
    >
      <Stack>
        <Text>
          <AmountSentence ns="payments" i18nKey="paypal.confirmText" values={amounts} />
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('paypal.cancel')}
          </Button>
          <Button onClick={onConfirm} loading={pending} data-testid="payment-paypal-confirm">
            {t('paypal.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
