import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

function CardSkeleton({ lines }: { lines: number }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Skeleton height={16} width="45%" radius="sm" />
        <Skeleton height={26} radius="sm" />
        {Array.from({ length: lines }, (_, index) => (
          <Skeleton key={index} height={12} radius="sm" />
        ))}
      </Stack>
    </Card>
  );
}

/** The page's shape while the summary loads, so nothing jumps when the figures arrive. */
export function UsageSkeleton() {
  const { t } = useTranslation('common');
  return (
    <Stack gap="lg" data-testid="usage-loading" aria-busy="true" aria-label={t('loading')}>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {Array.from({ length: 3 }, (_, index) => (
          <CardSkeleton key={index} lines={3} />
        ))}
      </SimpleGrid>
      <CardSkeleton lines={1} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {Array.from({ length: 3 }, (_, index) => (
          <CardSkeleton key={index} lines={2} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
