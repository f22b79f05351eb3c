import { Card, Container, Group, Stack, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ResultCardProps {
  /** Already translated; the page's one heading. */
  title: string;
  icon: ReactNode;
  color: string;
  children: ReactNode;
  /** The buttons that lead on from here. */
  actions?: ReactNode;
  testId: string;
  /** What the page knows of the payment, for tests and styles: checking, succeeded, pending, failed... */
  status?: string;
}

/** A payment result page: what happened, in a card, and where to go on. */
export function ResultCard({ title, icon, color, children, actions, testId, status }: ResultCardProps) {
  const { t } = useTranslation('common');
  useDocumentTitle(`${title} · ${t('appName')}`);
  return (
    <Container size="sm" py="xl" data-testid={testId} data-status={status}>
      <Card withBorder radius="md" padding="xl">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 28 }} data-testid="page-title">
            {title}
          </Title>
          {children}
          {actions ? (
            <Group justify="center" gap="sm">
              {actions}
            </Group>
          ) : null}
        </Stack>
      </Card>
    </Container>
  );
}
