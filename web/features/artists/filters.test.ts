import { expect, test } from 'vitest';
import { artistPriceLine, readArtistFilters, writeArtistFilters } from './filters.ts';

test('filters round-trip through the URL and unknown values mean all', () => {
  const filters = readArtistFilters(new URLSearchParams('type=MC&region=Oti&q=host'));
  expect(filters).toEqual({ search: 'host', performanceType: 'MC', region: 'Oti' });
  expect(writeArtistFilters(filters).toString()).toBe('q=host&type=MC&region=Oti');
  expect(readArtistFilters(new URLSearchParams('type=Juggler'))).toMatchObject({
    performanceType: 'all',
  });
});

test('price line prefers the hourly rate, then the event rate', () => {
  expect(artistPriceLine({ hourlyRate: '150.00', eventRate: '1200.00' })).toBe(
    'From GHS 150.00 per hr',
  );
  expect(artistPriceLine({ hourlyRate: null, eventRate: '1200.00' })).toBe(
    'From GHS 1,200.00 per event',
  );
  expect(artistPriceLine({ hourlyRate: null, eventRate: null })).toBeNull();
});
