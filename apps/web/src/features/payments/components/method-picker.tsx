import { paymentRegions } from '@invoicing/contract';
import type { PaymentMethod, PaymentMethodCode } from '@invoicing/contract';
import { Alert, Badge, Card, Group, Radio, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { LoadingState } from '../../../components/query-state';
import { AmountSentence } from '../../../components/amount-sentence';
import { formatMoney } from '../../../lib/format';
import type { usePaymentMethods } from '../api/list-payment-methods';
import { isBelowMinimum, methodText } from '../payment-methods';
import { priceCurrency } from './payment-summary';

interface MethodPickerProps {
  /** The methods that can pay for this purchase, in order. */
  methods: PaymentMethod[];
  /** The price to pay, in EGP: a method whose gateway charges no less than more than it cannot be chosen. */
  amount: string;
  value: PaymentMethodCode | null;
  onChange: (method: PaymentMethodCode) => void;
  disabled?: boolean;
}

/** Why a method cannot pay this amount: the least its gateway charges, in EGP and in its own currency. */
function BelowMinimum({ method }: { method: PaymentMethod }) {
  const { i18n } = useTranslation('payments');
  return (
    <span data-testid={`payment-method-minimum-${method.name}`}>
      <AmountSentence
        ns="payments"
        i18nKey="methods.belowMinimum"
        values={{
          minimum: formatMoney(method.minimum_amount ?? '0', priceCurrency, i18n.language),
          charge: formatMoney(method.minimum_charge ?? '0', method.currency, i18n.language),
        }}
      />
    </span>
  );
}

/**
 * The methods grouped Egypt, Gulf, International, named in the page language; the chosen one described. A
 * method that cannot charge this little (Stripe's minimum) is shown unavailable, with the least it takes.
 */
export function MethodPicker({ methods, amount, value, onChange, disabled }: MethodPickerProps) {
  const { t, i18n } = useTranslation('payments');
  const chosen = methods.find((method) => method.name === value) ?? null;
  const chosenText = chosen ? methodText(chosen, i18n.language) : null;
  return (
    <Stack gap="md">
      <Radio.Group
        value={value ?? ''}
        onChange={(code) => onChange(code as PaymentMethodCode)}
        label={t('methods.title')}
        labelProps={{ fz: 'lg', fw: 600, mb: 'xs' }}
        data-testid="payment-methods"
      >
        <Stack gap="md">
          {paymentRegions.map((region) => {
            const group = methods.filter((method) => method.region === region);
            if (group.length === 0) return null;
            return (
              <Stack key={region} gap="xs" data-testid={`payment-region-${region}`}>
                <Text size="sm" fw={600} c="dimmed">
                  {t(`methods.regions.${region}`)}
                </Text>
                {group.map((method) => {
                  const tooLittle = isBelowMinimum(method, amount);
                  return (
                    <Radio
                      key={method.name}
                      value={method.name}
                      label={methodText(method, i18n.language).name}
                      description={tooLittle ? <BelowMinimum method={method} /> : undefined}
                      disabled={disabled || tooLittle}
                      data-testid={`payment-method-${method.name}`}
                    />
                  );
                })}
              </Stack>
            );
          })}
        </Stack>
      </Radio.Group>
      {chosen && chosenText ? (
        <Card withBorder radius="md" padding="md" bg="gray.0" data-testid="payment-method-description">
          <Group justify="space-between" wrap="wrap" gap="xs" mb={4}>
            <Text fw={600}>{chosenText.name}</Text>
            {chosen.currency !== priceCurrency ? (
              <Badge variant="light" color="gray">
                {t('methods.chargedIn', { currency: chosen.currency })}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm">{chosenText.description}</Text>
        </Card>
      ) : null}
    </Stack>
  );
}

/** Loading, failing or empty method lists, said the same way on both payment pages. */
export function MethodsState({
  query,
  available,
  children,
}: {
  query: ReturnType<typeof usePaymentMethods>;
  available: PaymentMethod[];
  children: ReactNode;
}) {
  const { t } = useTranslation('payments');
  if (query.data === undefined) {
    if (query.isError) {
      return (
        <LoadError
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          failedTitle={t('methods.loadFailed')}
          invalidTitle={t('methods.loadFailed')}
          invalidColor="red"
          testIdPrefix="payment-methods"
          invalidTestId="payment-methods-error"
        />
      );
    }
    return <LoadingState testId="payment-methods-loading" />;
  }
  if (available.length === 0) {
    return (
      <Alert color="gray" variant="light" role="status" data-testid="payment-methods-empty">
        {t('methods.none')}
      </Alert>
    );
  }
  return children;
}
