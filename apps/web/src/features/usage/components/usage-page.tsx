import { Container, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useUsageSummary } from '../../../lib/queries/usage-summary';
import { ExtraPurchases } from './extra-purchases';
import { LimitBanner } from './limit-banner';
import { PlanCards } from './plan-cards';
import { CreditsCard, CurrentPlanCard, StorageCard } from './usage-cards';
import { UsageError } from './usage-error';
import { UsageSkeleton } from './usage-skeleton';

function UsageContent() {
  const summary = useUsageSummary({ fresh: true });
  // Figures already shown stay when a later refresh fails; the error is for a page with nothing to show.
  if (summary.data === undefined) {
    if (summary.isError) {
      return (
        <UsageError
          error={summary.error}
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        />
      );
    }
    return <UsageSkeleton />;
  }
  const data = summary.data;
  return (
    <Stack gap="lg" data-testid="usage-summary">
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <CurrentPlanCard summary={data} />
        <CreditsCard credits={data.credits} />
        <StorageCard storage={data.storage} />
      </SimpleGrid>
      <ExtraPurchases purchases={data.extra_purchases.active_purchases} />
      <PlanCards currentPlanName={data.plan.name} />
    </Stack>
  );
}

/** SPEC §2, Usage and billing: what the plan gives, what is used and left, and why the user was sent here. */
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
