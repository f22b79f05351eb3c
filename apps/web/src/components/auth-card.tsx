import { Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The narrow centered card shared by the sign-in pages. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Container size={460} py="xl">
      <Title order={1} ta="center" fz={28} data-testid="page-title">
        {title}
      </Title>
      {subtitle ? (
        <Text c="dimmed" ta="center" mt={6}>
          {subtitle}
        </Text>
      ) : null}
      <Paper withBorder shadow="sm" p="xl" mt="lg" radius="md">
        {children}
      </Paper>
      {footer ? (
        <Text ta="center" mt="md" size="sm">
          {footer}
        </Text>
      ) : null}
    </Container>
  );
}
