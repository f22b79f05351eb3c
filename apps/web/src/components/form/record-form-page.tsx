import { Card, Container } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageHeader } from '../page-header';
import { ErrorState, LoadingState } from '../query-state';

interface RecordFormPageProps<T> {
  /** The record to edit; none for a new one. */
  id: string | undefined;
  /** The record's query, not run without an id. */
  query: UseQueryResult<T>;
  /** Already translated: the page's title, and what to say when the record cannot be loaded. */
  title: string;
  loadFailed: string;
  testId: string;
  /** The form, given the loaded record (undefined for a new one). */
  children: (record: T | undefined) => ReactNode;
}

/** The page of a form that creates a record, or edits one once it has loaded. */
export function RecordFormPage<T>({
  id,
  query,
  title,
  loadFailed,
  testId,
  children,
}: RecordFormPageProps<T>) {
  if (id && query.isPending) return <LoadingState />;
  if (id && query.isError) return <ErrorState error={query.error} fallback={loadFailed} />;
  return (
    <Container size="sm" data-testid={testId}>
      <PageHeader title={title} />
      <Card withBorder radius="md" padding="lg">
        {children(id ? query.data : undefined)}
      </Card>
    </Container>
  );
}
