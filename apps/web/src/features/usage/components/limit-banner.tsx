import { Alert, Text } from '@mantine/core';
import { useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { UpgradeError } from '../../../lib/storage';
import { getUpgradeError, getUpgradeErrorRaw, setUpgradeError, subscribe } from '../../../lib/storage';
import { useUsageFormat } from '../hooks/use-usage-format';

/** SPEC §8: these limits have a banner title of their own; any other says 'Usage Limit Reached'. */
const titledLimits = new Set(['customers', 'items', 'invoices', 'ocr']);
const describedLimits = new Set([...titledLimits, 'storage']);

function useStoredUpgradeError(): UpgradeError | null {
  const raw = useSyncExternalStore(subscribe, getUpgradeErrorRaw, () => null);
  return useMemo(() => (raw === null ? null : getUpgradeError()), [raw]);
}

/** Why the user was sent here: the plan limit an action ran into, until they dismiss it. */
export function LimitBanner() {
  const { t, i18n } = useTranslation('usage');
  const format = useUsageFormat();
  const error = useStoredUpgradeError();
  if (!error) return null;

  const type = error.limitType ?? '';
  const title = t(`banner.titles.${titledLimits.has(type) ? type : 'other'}`);
  const ownMessage = t(`banner.messages.${describedLimits.has(type) ? type : 'other'}`);
  // The server words its message in English; other languages say the same from the limit's type.
  const message =
    i18n.language === 'en' || !describedLimits.has(type) ? error.message || ownMessage : ownMessage;
  const amount = (value: number) => (type === 'storage' ? format.megabytes(value) : format.number(value));

  return (
    <Alert
      color="orange"
      variant="light"
      title={title}
      role="alert"
      withCloseButton
      closeButtonLabel={t('banner.dismiss')}
      onClose={() => setUpgradeError(null)}
      data-testid="usage-limit-banner"
    >
      <Text size="sm" data-testid="usage-limit-message">
        {message}
      </Text>
      {error.currentUsage !== null && error.limit !== null ? (
        <Text size="sm" fw={600} mt={4} data-testid="usage-limit-usage">
          {t('banner.usage', { used: amount(error.currentUsage), limit: amount(error.limit) })}
        </Text>
      ) : null}
    </Alert>
  );
}
