import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '../../../contracts/paging.ts';
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
export function BrowseResults<T extends { id: number }>({
  query,
  noun,
  plural,
  onClear,
  renderItem,
  findSaved,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  /** 'job' -> '3 job(s) found', 'No jobs found' */
  noun: string;
  plural: string;
  onClear: () => void;
  renderItem: (item: T, index: number) => ReactNode;
  /** Offline, for a search this phone never made: the saved items that pass the filters. */
  findSaved: () => { matches: T[]; saved: number };
}) {
  if (query.isPending) {
    return query.fetchStatus === 'paused' ? (
      <SavedMatches {...findSaved()} noun={noun} plural={plural} renderItem={renderItem} />
    ) : (
      <SkeletonCards label={`Loading ${plural}...`} />
    );
  }
  if (query.isError && !query.data) {
    return (
      <EmptyState
        icon={<AlertIcon />}
        title={`Failed to fetch ${plural}`}
        text="Please try again later."
      />
    );
  }
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  return (
    <>
      <p className="result-count" role="status">
        {total} {noun}(s) found
      </p>
      <SavedAt updatedAt={query.dataUpdatedAt} />
      {items.length === 0 ? (
        <EmptyState
          icon={<SearchIcon />}
          title={`No ${plural} found`}
          text="Try adjusting your filters or search terms"
          action={
            <button type="button" className="btn btn-outline" onClick={onClear}>
              Clear Filters
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
  noun,
  plural,
  renderItem,
}: {
  matches: T[];
  saved: number;
  noun: string;
  plural: string;
  renderItem: (item: T, index: number) => ReactNode;
}) {
  if (saved === 0) return <NotSavedOffline what={`These ${plural}`} />;
  return (
    <>
      <p className="result-count" role="status">
        {matches.length} saved {noun}(s) found
      </p>
      <p className="saved-at">
        You're offline: searching the {saved} {plural} saved on this phone. All results load when
        you're back online.
      </p>
      {matches.length === 0 ? (
        <EmptyState
          icon={<OfflineIcon />}
          title={`No saved ${plural} match`}
          text="Try other words, or search again when you're back online."
        />
      ) : (
        <div className="card-grid">{matches.map((item, index) => renderItem(item, index))}</div>
      )}
    </>
  );
}
