import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

function CardSkeleton({ lines, height = 12 }: { lines: number; height?: number }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Skeleton height={14} width="50%" radius="sm" />
        {Array.from({ length: lines }, (_, index) => (
          <Skeleton key={index} height={height} radius="sm" />
        ))}
      </Stack>
    </Card>
  );
}

/** The page's shape while the summary loads, so the layout does not jump when the figures arrive. */
export function DashboardSkeleton() {
  const { t } = useTranslation('common');
  return (
    <Stack gap="lg" data-testid="dashboard-loading" aria-busy="true" aria-label={t('loading')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {Array.from({ length: 4 }, (_, index) => (
          <CardSkeleton key={index} lines={2} height={20} />
        ))}
      </SimpleGrid>
      <Card withBorder radius="md" padding="md">
        <Skeleton height={14} width="30%" radius="sm" mb="md" />
        <Skeleton height={240} radius="sm" />
      </Card>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {Array.from({ length: 3 }, (_, index) => (
          <CardSkeleton key={index} lines={4} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {Array.from({ length: 2 }, (_, index) => (
          <CardSkeleton key={index} lines={5} height={24} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
