import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '../../../contracts/paging.ts';
import { t } from '../../lib/i18n/translate.ts';
import { EmptyState } from './empty-state.tsx';
import { AlertIcon, OfflineIcon, SearchIcon } from './icons.tsx';
import { LoadMore } from './load-more.tsx';
import { NotSavedOffline } from './not-saved-offline.tsx';
import { SavedAt } from './saved-at.tsx';
import { SkeletonCards } from './skeleton.tsx';

/**
 * The results of a browse screen (jobs, artists): skeletons while loading, the failure and
 * empty states with Clear Filters, the count line, the cards and Load more.
 */
/** A browse screen's own words: each whole sentence, so every language can say it its way. */
export interface BrowseCopy {
  loading: string;
  failed: string;
  found: (count: number) => string;
  none: string;
  savedFound: (count: number) => string;
  searchingSaved: (saved: number) => string;
  noneSaved: string;
  notSaved: string;
}

export function BrowseResults<T extends { id: number }>({
  query,
  copy,
  onClear,
  renderItem,
  findSaved,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  copy: BrowseCopy;
  onClear: () => void;
  renderItem: (item: T, index: number) => ReactNode;
  /** Offline, for a search this phone never made: the saved items that pass the filters. */
  findSaved: () => { matches: T[]; saved: number };
}) {
  if (query.isPending) {
    return query.fetchStatus === 'paused' ? (
      <SavedMatches {...findSaved()} copy={copy} renderItem={renderItem} />
    ) : (
      <SkeletonCards label={copy.loading} />
    );
  }
  if (query.isError && !query.data) {
    return (
      <EmptyState icon={<AlertIcon />} title={copy.failed} text={t('Please try again later.')} />
    );
  }
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  return (
    <>
      <p className="result-count" role="status">
        {copy.found(total)}
      </p>
      <SavedAt updatedAt={query.dataUpdatedAt} />
      {items.length === 0 ? (
        <EmptyState
          icon={<SearchIcon />}
          title={copy.none}
          text={t('Try adjusting your filters or search terms')}
          action={
            <button type="button" className="btn btn-outline" onClick={onClear}>
              {t('Clear Filters')}
            </button>
          }
        />
      ) : (
        <>
          <div className="card-grid">{items.map((item, index) => renderItem(item, index))}</div>
          <LoadMore query={query} />
        </>
      )}
    </>
  );
}

/**
 * Offline, a search the server cannot answer yet: the saved items that match, judged on the
 * phone, rather than nothing. The search is asked again as soon as the connection returns.
 */
function SavedMatches<T>({
  matches,
  saved,
  copy,
  renderItem,
}: {
  matches: T[];
  saved: number;
  copy: BrowseCopy;
  renderItem: (item: T, index: number) => ReactNode;
}) {
  if (saved === 0) return <NotSavedOffline what={copy.notSaved} />;
  return (
    <>
      <p className="result-count" role="status">
        {copy.savedFound(matches.length)}
      </p>
      <p className="saved-at">{copy.searchingSaved(saved)}</p>
      {matches.length === 0 ? (
        <EmptyState
          icon={<OfflineIcon />}
          title={copy.noneSaved}
          text={t("Try other words, or search again when you're back online.")}
        />
      ) : (
        <div className="card-grid">{matches.map((item, index) => renderItem(item, index))}</div>
      )}
    </>
  );
}
