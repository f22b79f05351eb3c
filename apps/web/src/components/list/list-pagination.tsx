import { Group, Pagination } from '@mantine/core';

interface ListPaginationProps {
  totalPages: number;
  page: number;
  onChange: (page: number) => void;
  testId: string;
}

/** The pages of a list, centred under it; nothing when everything fits on one page. */
export function ListPagination({ totalPages, page, onChange, testId }: ListPaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination total={totalPages} value={page} onChange={onChange} data-testid={testId} />
    </Group>
  );
}
