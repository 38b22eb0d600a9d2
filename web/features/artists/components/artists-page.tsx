import {
  PERFORMANCE_TYPE_LABELS,
  PERFORMANCE_TYPES,
  type PerformanceType,
} from '../../../../contracts/artists.ts';
import { BrowsePage, unlessAll } from '../../../components/browse/browse-page.tsx';
import { FilterSelect } from '../../../components/ui/filter-select.tsx';
import { t } from '../../../lib/i18n/translate.ts';
import { useArtists } from '../api/get-artists.ts';
import {
  type ArtistBrowseFilters,
  artistMatches,
  EMPTY_ARTIST_FILTERS,
  readArtistFilters,
  writeArtistFilters,
} from '../filters.ts';
import { ArtistCard } from './artist-card.tsx';

const ARTIST_FILTERS = {
  read: readArtistFilters,
  write: writeArtistFilters,
  empty: EMPTY_ARTIST_FILTERS,
  matches: artistMatches,
};

const useArtistList = (filters: ArtistBrowseFilters, search: string) =>
  useArtists({
    q: search || undefined,
    performanceType: unlessAll(filters.performanceType),
    region: unlessAll(filters.region),
  });

export function ArtistsPage() {
  return (
    <BrowsePage
      domain="artists"
      title={t('Browse Artists')}
      intro={t('DJs, musicians, MCs, dancers, bands and comedians for your event.')}
      words={{ filters: t('Artist filters'), search: t('Search artists') }}
      filters={ARTIST_FILTERS}
      ownFilter={(filters, update) => (
        <FilterSelect<PerformanceType>
          label={t('Performance type')}
          value={filters.performanceType}
          allLabel={t('All Types')}
          options={PERFORMANCE_TYPES.map((type) => ({
            value: type,
            label: t(PERFORMANCE_TYPE_LABELS[type]),
          }))}
          onChange={(performanceType) => update({ performanceType })}
        />
      )}
      useItems={useArtistList}
      copy={{
        loading: t('Loading artists...'),
        failed: t('Failed to fetch artists'),
        found: (count) => t('{count} artist(s) found', { count }),
        none: t('No artists found'),
        savedFound: (count) => t('{count} saved artist(s) found', { count }),
        searchingSaved: (saved) =>
          t(
            "You're offline: searching the {saved} artists saved on this phone. All results load when you're back online.",
            { saved },
          ),
        noneSaved: t('No saved artists match'),
        notSaved: t('These artists'),
      }}
      renderItem={(artist, index) => (
        <ArtistCard key={artist.id} artist={artist} eager={index < 2} />
      )}
    />
  );
}
