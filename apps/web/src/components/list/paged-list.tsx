import { Card, EmptyState, Group, SimpleGrid, Stack, Table, TextInput } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '../query-state';
import { ListPagination } from './list-pagination';
import { stackedTable } from './stacked-table';
import type { ListControls } from './use-list-controls';
import { TableScroll } from './table-scroll';

/** A page of a list as the API answers it (the contract's `paginated`). */
export interface Page<T> {
  count: number;
  page: number;
  page_size: number;
  results: T[];
}

/** Cards in a responsive grid, or rows of a table under its head. */
export type ListLayout<T> =
  | { grid: (item: T) => ReactNode }
  | { table: { head: ReactNode; row: (item: T) => ReactNode; minWidth: number } };

interface PagedListProps<T> {
  controls: ListControls;
  query: UseQueryResult<Page<T>>;
  layout: ListLayout<T>;
  /** Already translated. `emptySearch` replaces `empty` (and its hint) while a search finds nothing. */
  texts: { search: string; loadFailed: string; empty: string; emptyHint?: string; emptySearch?: string };
  testIds: { search: string; empty: string; list: string; pagination: string };
  /** Buttons beside the search field (New…), after it unless `actionsFirst`. */
  actions?: ReactNode;
  actionsFirst?: boolean;
  /** Controls under the search row (a status filter). */
  filters?: ReactNode;
  /** The empty state's icon, and its actions when no search is under way. */
  emptyIcon?: ReactNode;
  emptyActions?: ReactNode;
}

/** A searched, paged list: the search row, then loading, error, empty state or the page, and the pager. */
export function PagedList<T>(props: PagedListProps<T>) {
  const { controls, query, layout, texts, testIds } = props;
  const searching = controls.q !== '' && texts.emptySearch !== undefined;
  const totalPages = query.data ? Math.max(1, Math.ceil(query.data.count / controls.pageSize)) : 1;

  const search = (
    <TextInput
      placeholder={texts.search}
      aria-label={texts.search}
      value={controls.search}
      onChange={(event) => controls.setSearch(event.currentTarget.value)}
      data-testid={testIds.search}
      style={{ flexGrow: 1, maxInlineSize: 420 }}
    />
  );

  let body: ReactNode;
  if (query.isPending) {
    body = <LoadingState />;
  } else if (query.isError) {
    body = (
      <ErrorState error={query.error} fallback={texts.loadFailed} onRetry={() => void query.refetch()} />
    );
  } else if (query.data.results.length === 0) {
    body = (
      <Card withBorder padding="xl" radius="md" data-testid={testIds.empty}>
        <EmptyState
          title={searching ? texts.emptySearch : texts.empty}
          description={searching ? undefined : texts.emptyHint}
          icon={props.emptyIcon}
          withIndicatorBackground={props.emptyIcon !== undefined}
        >
          {searching || !props.emptyActions ? null : (
            <EmptyState.Actions>{props.emptyActions}</EmptyState.Actions>
          )}
        </EmptyState>
      </Card>
    );
  } else {
    const results = query.data.results;
    body = (
      <Stack>
        {'grid' in layout ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid={testIds.list}>
            {results.map(layout.grid)}
          </SimpleGrid>
        ) : (
          <TableScroll minWidth={layout.table.minWidth}>
            <Table striped highlightOnHover className={stackedTable} data-testid={testIds.list}>
              <Table.Thead>{layout.table.head}</Table.Thead>
              <Table.Tbody>{results.map(layout.table.row)}</Table.Tbody>
            </Table>
          </TableScroll>
        )}
        <ListPagination
          totalPages={totalPages}
          page={controls.page}
          onChange={controls.setPage}
          testId={testIds.pagination}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        {props.actionsFirst ? props.actions : null}
        {search}
        {props.actionsFirst ? null : props.actions}
      </Group>
      {props.filters}
      {body}
    </Stack>
  );
}
