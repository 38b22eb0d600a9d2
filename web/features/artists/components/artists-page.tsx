import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import {
  type Artist,
  PERFORMANCE_TYPE_LABELS,
  PERFORMANCE_TYPES,
  type PerformanceType,
} from '../../../../contracts/artists.ts';
import { SiteHeader } from '../../../components/layout/site-header.tsx';
import { BrowseResults } from '../../../components/ui/browse-results.tsx';
import { FilterSelect, REGION_OPTIONS } from '../../../components/ui/filter-select.tsx';
import { SearchBox } from '../../../components/ui/search-box.tsx';
import { savedListItems } from '../../../lib/saved-list-items.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useArtists } from '../api/get-artists.ts';
import {
  type ArtistBrowseFilters,
  artistMatches,
  EMPTY_ARTIST_FILTERS,
  readArtistFilters,
  writeArtistFilters,
} from '../filters.ts';
import { ArtistCard } from './artist-card.tsx';

export function ArtistsPage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = readArtistFilters(params);
  const update = (next: Partial<ArtistBrowseFilters>) =>
    setParams(writeArtistFilters({ ...filters, ...next }), { replace: true });

  // The box shows every keystroke; the server is asked once typing pauses.
  const search = useDebouncedValue(filters.search.trim());
  const query = useArtists({
    q: search || undefined,
    performanceType: filters.performanceType === 'all' ? undefined : filters.performanceType,
    region: filters.region === 'all' ? undefined : filters.region,
  });

  return (
    <>
      <SiteHeader />
      <main id="main" className="container page">
        <div className="page-heading">
          <h1>Browse Artists</h1>
          <p className="muted">DJs, musicians, MCs, dancers, bands and comedians for your event.</p>
        </div>

        <search className="filters" aria-label="Artist filters">
          <SearchBox
            label="Search artists"
            value={filters.search}
            onChange={(search) => update({ search })}
          />
          <FilterSelect<PerformanceType>
            label="Performance type"
            value={filters.performanceType}
            allLabel="All Types"
            options={PERFORMANCE_TYPES.map((type) => ({
              value: type,
              label: PERFORMANCE_TYPE_LABELS[type],
            }))}
            onChange={(performanceType) => update({ performanceType })}
          />
          <FilterSelect
            label="Region"
            value={filters.region}
            allLabel="All Regions"
            options={REGION_OPTIONS}
            onChange={(region) => update({ region })}
          />
        </search>

        <BrowseResults
          query={query}
          noun="artist"
          plural="artists"
          onClear={() => setParams(writeArtistFilters(EMPTY_ARTIST_FILTERS), { replace: true })}
          renderItem={(artist, index) => (
            <ArtistCard key={artist.id} artist={artist} eager={index < 2} />
          )}
          findSaved={() => {
            const saved = savedListItems<Artist>(queryClient, 'artists');
            return {
              saved: saved.length,
              matches: saved.filter((artist) => artistMatches(artist, filters)),
            };
          }}
        />
      </main>
    </>
  );
}
