import { Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUsageFormat } from '../hooks/use-usage-format';
import { planCodeOf, plans } from '../plans';

/** What each plan gives, the organization's own marked; changing plans is not offered here yet. */
export function PlanCards({ currentPlanName }: { currentPlanName: string }) {
  const { t } = useTranslation('usage');
  const format = useUsageFormat();
  const current = planCodeOf(currentPlanName);
  return (
    <Stack gap="sm" data-testid="usage-plans">
      <Title order={2} size="h3">
        {t('plans.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {plans.map((plan) => {
          const isCurrent = plan.code === current;
          return (
            <Card
              key={plan.code}
              withBorder
              radius="md"
              padding="lg"
              data-testid={`usage-plan-card-${plan.code}`}
              data-current={isCurrent}
              aria-current={isCurrent ? 'true' : undefined}
              style={
                isCurrent ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined
              }
            >
              <Group justify="space-between" wrap="nowrap" gap="sm" mb="sm">
                <Title order={3} size="h4">
                  {t(`plans.names.${plan.code}`)}
                </Title>
                {isCurrent ? (
                  <Badge variant="filled" data-testid="usage-plan-current">
                    {t('plans.current')}
                  </Badge>
                ) : null}
              </Group>
              <List spacing={4} size="sm">
                <List.Item>{t('plans.credits', { value: format.number(plan.creditsPerMonth) })}</List.Item>
                <List.Item>{t('plans.storage', { value: format.planStorage(plan.storageMb) })}</List.Item>
              </List>
            </Card>
          );
        })}
      </SimpleGrid>
      <Text size="sm" c="dimmed" data-testid="usage-plans-note">
        {t('plans.comingSoon')}
      </Text>
    </Stack>
  );
}
