import { Button, Card, Container, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { QueryKey, UseMutationResult, UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PagePath } from '../../lib/paths';
import { PageHeader } from '../page-header';
import { ConfirmDelete, useDeletion } from './confirm-delete';
import { PagedList } from './paged-list';
import type { Page } from './paged-list';
import { cardPageSize, useListControls } from './use-list-controls';

export interface ListParams {
  q: string;
  page: number;
  pageSize: number;
}

interface RecordListProps<T extends { id: string; name: string }, K extends QueryKey> {
  /**
   * The locale namespace of the list's texts: title, search, new, loadFailed, empty, emptySearch, emptyHint,
   * edit, delete, deleteTitle, deleteConfirm ({{name}}), deleteFailed, deleted and cancel.
   */
  namespace: string;
  /** `{ one: 'customer', many: 'customers' }` names customer-card, customer-edit… and customers-empty. */
  testIds: { one: string; many: string };
  newPath: PagePath;
  editPath: (record: T) => string;
  listQuery: (params: ListParams) => UseQueryOptions<Page<T>, Error, Page<T>, K>;
  remove: UseMutationResult<unknown, unknown, string>;
  /** What a card shows under the record's name. */
  details: (record: T) => ReactNode;
}

/** A page of named records: searched, as cards with Edit and Delete, paged, deleted after a confirmation. */
export function RecordList<T extends { id: string; name: string }, K extends QueryKey>(
  props: RecordListProps<T, K>,
) {
  const { namespace: ns, testIds } = props;
  const { t } = useTranslation([ns, 'errors']);
  const controls = useListControls({ pageSize: cardPageSize });
  const query = useQuery(
    props.listQuery({ q: controls.q, page: controls.page, pageSize: controls.pageSize }),
  );
  const deletion = useDeletion<T>(props.remove, t(`${ns}:deleted`));

  return (
    <Container size="lg" data-testid={`page-${testIds.many}`}>
      <PageHeader title={t(`${ns}:title`)} />
      <PagedList
        controls={controls}
        query={query}
        texts={{
          search: t(`${ns}:search`),
          loadFailed: t(`${ns}:loadFailed`),
          empty: t(`${ns}:empty`),
          emptyHint: t(`${ns}:emptyHint`),
          emptySearch: t(`${ns}:emptySearch`),
        }}
        testIds={{
          search: `${testIds.one}-search`,
          empty: `${testIds.many}-empty`,
          list: `${testIds.one}-list`,
          pagination: `${testIds.one}-pagination`,
        }}
        actions={
          <Button component={Link} to={props.newPath} data-testid={`${testIds.one}-new`}>
            {t(`${ns}:new`)}
          </Button>
        }
        layout={{
          grid: (record) => (
            <Card key={record.id} withBorder radius="md" padding="md" data-testid={`${testIds.one}-card`}>
              <Stack gap={4}>
                <Text fw={600} data-testid={`${testIds.one}-name`}>
                  <bdi>{record.name}</bdi>
                </Text>
                {props.details(record)}
                <Group gap="xs" mt="sm">
                  <Button
                    size="xs"
                    variant="light"
                    component={Link}
                    to={props.editPath(record)}
                    data-testid={`${testIds.one}-edit`}
                  >
                    {t(`${ns}:edit`)}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => deletion.ask(record)}
                    data-testid={`${testIds.one}-delete`}
                  >
                    {t(`${ns}:delete`)}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ),
        }}
      />
      <ConfirmDelete
        deletion={deletion}
        title={t(`${ns}:deleteTitle`)}
        question={t(`${ns}:deleteConfirm`, { name: deletion.target?.name ?? '' })}
        cancelLabel={t(`${ns}:cancel`)}
        deleteLabel={t(`${ns}:delete`)}
        failed={t(`${ns}:deleteFailed`)}
        testIdPrefix={testIds.one}
      />
    </Container>
  );
}
