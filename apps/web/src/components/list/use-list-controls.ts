import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/** The page size of the lists of cards. */
export const cardPageSize = 12;

export interface ListControls {
  /** What is typed in the search field. */
  search: string;
  /** Typing a new search starts again from the first page. */
  setSearch: (value: string) => void;
  /** The search as sent: trimmed, once the typing pauses. */
  q: string;
  page: number;
  setPage: (page: number) => void;
  pageSize: number;
}

/** The search and page of a paged list. */
export function useListControls({
  pageSize,
  initialSearch = '',
}: {
  pageSize: number;
  initialSearch?: string;
}): ListControls {
  const [search, setSearchText] = useState(initialSearch);
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  return {
    search,
    setSearch: (value) => {
      setSearchText(value);
      setPage(1);
    },
    q,
    page,
    setPage,
    pageSize,
  };
}
