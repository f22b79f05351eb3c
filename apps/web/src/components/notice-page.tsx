import { Card, Container, EmptyState, Group } from '@mantine/core';
import type { ReactNode } from 'react';

interface NoticePageProps {
  /** Already translated; it is the page's heading. */
  title: string;
  description: string;
  icon: ReactNode;
  /** The buttons that lead on from here. */
  actions: ReactNode;
  testId: string;
}

/** A page that only says something went wrong or is not allowed, and where to go from there. */
export function NoticePage({ title, description, icon, actions, testId }: NoticePageProps) {
  return (
    <Container size="sm" py="xl" data-testid={testId}>
      <Card withBorder radius="md" padding="xl">
        <EmptyState
          title={
            <span role="heading" aria-level={1} data-testid="page-title">
              {title}
            </span>
          }
          description={description}
          icon={icon}
          variant="light"
          color="red"
        >
          <EmptyState.Actions>
            <Group justify="center">{actions}</Group>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    </Container>
  );
}
