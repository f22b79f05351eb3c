import type { UsageSummary } from '@invoicing/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete, useDeletion } from '../../../components/list/confirm-delete';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/api-errors';
import { useRemoveExtraPurchaseMutation } from '../api/remove-extra-purchase';
import { useUsageFormat } from '../hooks/use-usage-format';
import { UsageCard } from './usage-cards';

type Purchase = UsageSummary['extra_purchases']['active_purchases'][number];

/** The unexpired extras; the owner may remove one after a confirmation (storage only while it is not needed). */
export function ExtraPurchases({ purchases, canRemove }: { purchases: Purchase[]; canRemove: boolean }) {
  const { t, i18n } = useTranslation(['usage', 'errors']);
  const format = useUsageFormat();
  const deletion = useDeletion<Purchase>(useRemoveExtraPurchaseMutation(), t('purchases.removed'));
  const describe = (purchase: Purchase) =>
    purchase.type === 'credits'
      ? t('purchases.credits', { value: format.number(purchase.quantity) })
      : t('purchases.storage', { value: format.megabytes(purchase.quantity) });

  return (
    <UsageCard title={t('purchases.title')} testId="usage-purchases">
      {purchases.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="usage-purchases-empty">
          {t('purchases.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {purchases.map((purchase) => (
            <Group
              component="li"
              key={purchase.id}
              justify="space-between"
              wrap="wrap"
              gap="xs"
              data-testid="usage-purchase"
            >
              <Stack gap={0}>
                <Text fw={600}>{describe(purchase)}</Text>
                <Text size="sm" c="dimmed">
                  {purchase.expires_at
                    ? t('purchases.expires', { date: format.date(purchase.expires_at) })
                    : t('purchases.noExpiry')}
                </Text>
              </Stack>
              {canRemove ? (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => deletion.ask(purchase)}
                  aria-label={t('purchases.removeLabel', { purchase: describe(purchase) })}
                  data-testid="usage-purchase-remove"
                >
                  {t('purchases.remove')}
                </Button>
              ) : null}
            </Group>
          ))}
        </Stack>
      )}
      <ConfirmDelete
        deletion={deletion}
        title={t('purchases.confirmTitle')}
        question={
          deletion.target ? t('purchases.confirmQuestion', { purchase: describe(deletion.target) }) : ''
        }
        note={
          deletion.target?.type === 'storage' ? (
            <Text size="sm" c="dimmed">
              {t('purchases.storageNote')}
            </Text>
          ) : null
        }
        cancelLabel={t('purchases.keep')}
        deleteLabel={t('purchases.remove')}
        failed={t('purchases.removeFailed')}
        failedTitle={t('purchases.removeFailed')}
        describe={(error) =>
          // 409: the organization's files do not fit in its storage without this purchase.
          error instanceof ApiError && error.code === 'PURCHASE_IN_USE'
            ? t('purchases.inUse')
            : describeError(error, t, i18n.language, t('purchases.tryAgain'))
        }
        testIdPrefix="usage-purchase"
      />
    </UsageCard>
  );
}
