import { extraLimits, paymentRequest } from '@invoicing/contract';
import type { EnhancedUsage } from '@invoicing/contract';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { AmountSentence } from '../../../components/amount-sentence';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { paymentHref } from '../../../lib/payment-link';
import { addPrices, priceOf } from '../../../lib/prices';
import { useUsageFormat } from '../hooks/use-usage-format';

interface CustomValues {
  credits: number | string;
  storage_mb: number | string;
}

const amounts = paymentRequest.pick({ credits: true, storage_mb: true });
/** A cleared field buys none; the inputs take whole numbers only. */
const whole = (value: number | string) => (typeof value === 'number' ? value : Number(value) || 0);

interface CustomPurchaseDialogProps {
  opened: boolean;
  onClose: () => void;
  prices: EnhancedUsage['prices'];
}

/** SPEC §5, custom purchase: whole numbers, Buy Now only once something is bought, the price as it is typed. */
export function CustomPurchaseDialog({ opened, onClose, prices }: CustomPurchaseDialogProps) {
  const { t } = useTranslation('usage');
  const format = useUsageFormat();
  const navigate = useNavigate();
  const total = (c: number, mb: number) =>
    addPrices(priceOf(prices.credit, c), priceOf(prices.storage_mb, mb));
  const form = useSchemaForm({
    schema: amounts,
    initialValues: { credits: 0, storage_mb: 0 } as CustomValues,
    toInput: (values) => ({ credits: whole(values.credits), storage_mb: whole(values.storage_mb) }),
    onSubmit: async ({ credits, storage_mb }) => {
      const type = credits > 0 && storage_mb > 0 ? 'extras' : credits > 0 ? 'credits' : 'storage';
      await navigate(paymentHref({ type, amount: total(credits, storage_mb), credits, storage_mb }));
    },
  });
  const credits = whole(form.values.credits);
  const storage = whole(form.values.storage_mb);
  const nothing = credits < 1 && storage < 1;

  return (
    <Modal opened={opened} onClose={onClose} title={t('custom.title')} data-testid="usage-custom-dialog">
      <form onSubmit={form.handleSubmit} noValidate>
        <Stack>
          <NumberInput
            label={t('custom.credits')}
            description={
              <AmountSentence
                ns="usage"
                i18nKey="custom.creditPrice"
                values={{ price: format.money(prices.credit, prices.currency) }}
              />
            }
            value={form.values.credits}
            onChange={(value) => form.setValue('credits', value)}
            error={form.errorFor('credits')}
            min={0}
            max={extraLimits.credits}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            inputMode="numeric"
            data-testid="usage-custom-credits"
          />
          <NumberInput
            label={t('custom.storage')}
            description={
              <AmountSentence
                ns="usage"
                i18nKey="custom.storagePrice"
                values={{ price: format.money(prices.storage_mb, prices.currency) }}
              />
            }
            value={form.values.storage_mb}
            onChange={(value) => form.setValue('storage_mb', value)}
            error={form.errorFor('storage_mb')}
            min={0}
            max={extraLimits.storageMb}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            inputMode="numeric"
            data-testid="usage-custom-storage"
          />
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{t('custom.total')}</Text>
            <Text fw={700} fz="lg" className="money" data-testid="usage-custom-total" aria-live="polite">
              {format.money(total(credits, storage), prices.currency)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t('custom.expiry')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('custom.cancel')}
            </Button>
            <Button
              type="submit"
              disabled={nothing}
              loading={form.isSubmitting}
              data-testid="usage-custom-buy"
            >
              {t('custom.buy')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
