import { Alert, Container, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useEnhancedUsage } from '../api/get-enhanced-usage';
import { BuyExtras } from './buy-extras';
import { ExtraPurchases } from './extra-purchases';
import { LimitBanner } from './limit-banner';
import { CreditsCard, CurrentPlanCard, LimitsCard, StorageCard } from './usage-cards';
import { UsageError } from './usage-error';
import { UsagePlans } from './usage-plans';
import { UsageSkeleton } from './usage-skeleton';

function UsageContent() {
  const { t } = useTranslation('usage');
  const usage = useEnhancedUsage();
  // Figures already shown stay when a later refresh fails; the error is for a page with nothing to show.
  if (usage.data === undefined) {
    if (usage.isError) {
      return (
        <UsageError error={usage.error} onRetry={() => void usage.refetch()} retrying={usage.isFetching} />
      );
    }
    return <UsageSkeleton />;
  }
  const data = usage.data;
  return (
    <Stack gap="lg" data-testid="usage-summary">
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <CurrentPlanCard summary={data} />
        <CreditsCard credits={data.credits} />
        <StorageCard storage={data.storage} />
      </SimpleGrid>
      {data.can_purchase ? null : (
        <Alert color="gray" variant="light" data-testid="usage-owner-only">
          {t('ownerOnly')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <LimitsCard limits={data.limits} />
        <BuyExtras prices={data.prices} canBuy={data.can_purchase} />
      </SimpleGrid>
      <ExtraPurchases purchases={data.extra_purchases.active_purchases} canRemove={data.can_purchase} />
      <UsagePlans usage={data} />
    </Stack>
  );
}

/** SPEC §2, Usage and billing: what the plan gives, what is used and left, extras, plans, and why the user is here. */
export function UsagePage() {
  const { t } = useTranslation(['pages', 'usage']);
  return (
    <Container size="lg" data-testid="page-usage">
      <PageHeader title={t('pages:usage')} subtitle={t('usage:subtitle')} />
      <Stack gap="lg">
        <LimitBanner />
        <UsageContent />
      </Stack>
    </Container>
  );
}
