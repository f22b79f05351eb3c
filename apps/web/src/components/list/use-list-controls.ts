import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useUrlParams } from '../../lib/use-url-params';

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

/** The page number in an address: a whole number from 1, whatever was typed there. */
export function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The search and page of a paged list, kept in the address (`?q=…&page=…`). */
export function useListControls({ pageSize }: { pageSize: number }): ListControls {
  const [params, update] = useUrlParams();
  const urlQ = params.get('q') ?? '';
  const [search, setSearchText] = useState(urlQ);
  const [q] = useDebouncedValue(search.trim(), 300);
  useEffect(() => {
    if (q !== urlQ) update({ q, page: null });
    // Only a new search is written; the address changing by itself (Back) is read below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);
  return {
    search,
    setSearch: (value) => {
      setSearchText(value);
      update({ page: null });
    },
    q: urlQ,
    page: pageOf(params.get('page')),
    setPage: (page) => update({ page: page > 1 ? page : null }),
    pageSize,
  };
}
