import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  useQueryClient,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Page } from '../../../contracts/paging.ts';
import { t } from '../../lib/i18n/translate.ts';
import { savedListItems } from '../../lib/saved-list-items.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { SiteHeader } from '../layout/site-header.tsx';
import { type BrowseCopy, BrowseResults } from '../ui/browse-results.tsx';
import { FilterSelect, REGION_OPTIONS } from '../ui/filter-select.tsx';
import { SearchBox } from '../ui/search-box.tsx';

/** What every browse screen filters by: a search, a region and one filter of its own. */
export interface BrowseFilters {
  search: string;
  region: string;
}

/**
 * A browse screen (jobs, artists, next workers): its heading, the search box, its own filter and
 * the region in the URL (?q=&region=...), the list asked of the server once typing pauses, and,
 * offline, the saved items judged on the phone. Each screen gives its nouns as whole sentences,
 * so every language can say them its way.
 */
export function BrowsePage<T extends { id: number }, F extends BrowseFilters>({
  domain,
  title,
  intro,
  headerActions,
  words,
  filters: { read, write, empty, matches },
  ownFilter,
  useItems,
  copy,
  renderItem,
}: {
  domain: 'jobs' | 'artists';
  title: string;
  intro: string;
  headerActions?: ReactNode;
  words: { filters: string; search: string };
  filters: {
    read: (params: URLSearchParams) => F;
    write: (filters: F) => URLSearchParams;
    empty: F;
    matches: (item: T, filters: F) => boolean;
  };
  /** The screen's own filter (a category, a performance type) between search and region. */
  ownFilter: (filters: F, update: (next: Partial<F>) => void) => ReactNode;
  /** The list for the filters, `search` being the box once typing pauses (trimmed). */
  useItems: (filters: F, search: string) => UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  copy: BrowseCopy;
  renderItem: (item: T, index: number) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = read(params);
  const update = (next: Partial<F>) => setParams(write({ ...filters, ...next }), { replace: true });

  // The box shows every keystroke; the server is asked once typing pauses.
  const search = useDebouncedValue(filters.search.trim());
  const query = useItems(filters, search);

  return (
    <>
      <SiteHeader actions={headerActions} />
      <main id="main" className="container page">
        <div className="page-heading">
          <h1>{title}</h1>
          <p className="muted">{intro}</p>
        </div>

        <search className="filters" aria-label={words.filters}>
          <SearchBox
            label={words.search}
            value={filters.search}
            onChange={(search) => update({ search } as Partial<F>)}
          />
          {ownFilter(filters, update)}
          <FilterSelect
            label={t('Region')}
            value={filters.region}
            allLabel={t('All Regions')}
            options={REGION_OPTIONS}
            onChange={(region) => update({ region } as Partial<F>)}
          />
        </search>

        <BrowseResults
          query={query}
          copy={copy}
          onClear={() => setParams(write(empty), { replace: true })}
          renderItem={renderItem}
          findSaved={() => {
            const saved = savedListItems<T>(queryClient, domain);
            return {
              saved: saved.length,
              matches: saved.filter((item) => matches(item, filters)),
            };
          }}
        />
      </main>
    </>
  );
}

/** A filter's value for the API: 'all' is no filter. */
export const unlessAll = <V extends string>(value: V | 'all'): V | undefined =>
  value === 'all' ? undefined : value;
