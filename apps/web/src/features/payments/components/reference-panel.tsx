import type { PaymentStatus } from '@invoicing/contract';
import { Alert, Button, Card, Code, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { refreshAfterPurchase } from '../../../lib/queries/refresh-after-purchase';
import { useVerifyPaymentMutation } from '../api/verify-payment';
import type { ShownStep } from '../payment-steps';
import { priceCurrency } from './payment-summary';

type ReferenceStep = Extract<ShownStep, { kind: 'reference' }>;

const instructed = new Set(['fawry', 'kiosk_eg']);

interface ReferencePanelProps {
  step: ReferenceStep;
  amount: string;
  /** The gateway says the payment is paid: the result page shows it. */
  onPaid: (paymentId: string) => void;
}

/** A reference code to pay with at an outlet or in an app, its expiry, and a way to ask whether it is paid. */
export function ReferencePanel({ step, amount, onPaid }: ReferencePanelProps) {
  const { t, i18n } = useTranslation('payments');
  const queryClient = useQueryClient();
  const verify = useVerifyPaymentMutation();
  const [status, setStatus] = useState<PaymentStatus | 'error' | null>(null);
  const paymentId = step.paymentId;

  const check = async () => {
    if (!paymentId) return;
    setStatus(null);
    try {
      const payment = await verify.mutateAsync(paymentId);
      if (payment.status === 'SUCCEEDED') {
        await refreshAfterPurchase(queryClient);
        onPaid(payment.id);
        return;
      }
      setStatus(payment.status);
    } catch {
      setStatus('error');
    }
  };

  const statusText =
    status === null
      ? null
      : status === 'PENDING'
        ? t('reference.pending')
        : status === 'EXPIRED'
          ? t('reference.expired')
          : status === 'error'
            ? t('reference.checkFailed')
            : t('reference.failed');

  return (
    <Card withBorder radius="md" padding="lg" data-testid="payment-reference">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('reference.title')}
        </Title>
        <Group gap="sm" wrap="wrap">
          <Code
            fz={26}
            fw={700}
            px="md"
            py={6}
            dir="ltr"
            style={{ letterSpacing: 2, overflowWrap: 'anywhere' }}
            data-testid="payment-reference-code"
          >
            {step.reference}
          </Code>
          <CopyButton value={step.reference}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                color={copied ? 'teal' : undefined}
                onClick={copy}
                aria-label={t('reference.copyLabel')}
                data-testid="payment-reference-copy"
              >
                {copied ? t('reference.copied') : t('reference.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group gap={6}>
          <Text>{t('reference.amount')}</Text>
          <Text fw={700} className="money" data-testid="payment-reference-amount">
            {formatMoney(amount, priceCurrency, i18n.language)}
          </Text>
        </Group>
        {step.expiresAt ? (
          <Text data-testid="payment-reference-expires">
            {t('reference.expires', { date: formatDateTime(step.expiresAt, i18n.language) })}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed" data-testid="payment-reference-instructions">
          {t(`reference.instructions.${instructed.has(step.method) ? step.method : 'other'}`)}
        </Text>
        {statusText ? (
          <Alert
            color={status === 'PENDING' ? 'blue' : 'red'}
            variant="light"
            role="status"
            data-testid="payment-reference-status"
          >
            {statusText}
          </Alert>
        ) : null}
        {paymentId ? (
          <Group>
            <Button
              onClick={() => void check()}
              loading={verify.isPending}
              data-testid="payment-reference-check"
            >
              {t('reference.check')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
