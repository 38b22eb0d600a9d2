import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '../../../contracts/paging.ts';
import { t } from '../../lib/i18n/translate.ts';
import { EmptyState } from './empty-state.tsx';
import { AlertIcon } from './icons.tsx';
import { LoadMore } from './load-more.tsx';
import { NotSavedOffline } from './not-saved-offline.tsx';
import { Spinner } from './spinner.tsx';

/** Every item of the pages loaded so far. */
export const pageItems = <T,>(data: InfiniteData<Page<T>> | undefined): T[] =>
  data?.pages.flatMap((page) => page.items) ?? [];

/**
 * A dashboard list read a page at a time: a spinner while the first page loads ("not saved on
 * this phone" when offline with nothing saved), the failure and empty states, the items and
 * Load more.
 */
export function PagedList<T extends { id: number }>({
  query,
  label,
  loading,
  failed,
  empty,
  renderItem,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  /** The list's accessible name. */
  label?: string;
  /** 'Loading jobs...' */
  loading: string;
  /** 'Failed to fetch jobs' */
  failed: string;
  empty: ReactNode;
  renderItem: (item: T) => ReactNode;
}) {
  if (query.isPending) {
    return query.fetchStatus === 'paused' ? (
      <NotSavedOffline what={t('This list')} />
    ) : (
      <Spinner label={loading} />
    );
  }
  if (query.isError && !query.data) {
    return <EmptyState icon={<AlertIcon />} title={failed} />;
  }
  const items = pageItems(query.data);
  if (items.length === 0) return empty;
  return (
    <>
      <ul className="list" aria-label={label}>
        {items.map(renderItem)}
      </ul>
      <LoadMore query={query} />
    </>
  );
}
