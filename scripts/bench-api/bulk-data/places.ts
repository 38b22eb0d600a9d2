/** Where the bulk seed's jobs are: the towns of each region, and how many jobs each region gets. */
import { REGIONS, type Region } from '../../../contracts/regions.ts';

export const TOWNS: Record<Region, readonly string[]> = {
  'Greater Accra': [
    'Accra',
    'Tema Community 25',
    'Madina',
    'East Legon',
    'Osu',
    'Dansoman',
    'Spintex Road',
    'Teshie',
    'Adenta',
    'Achimota',
    'Labone',
    'Airport City',
  ],
  Ashanti: ['Kumasi', 'Adum, Kumasi', 'Suame, Kumasi', 'Ahodwo, Kumasi', 'Ejisu', 'Obuasi'],
  Western: ['Takoradi', 'Sekondi', 'Tarkwa', 'Prestea', 'Axim'],
  Eastern: ['Koforidua', 'Nkawkaw', 'Akosombo', 'Aburi', 'Somanya', 'Nsawam'],
  Central: ['Cape Coast', 'Kasoa', 'Winneba', 'Elmina', 'Mankessim', 'Saltpond'],
  Northern: ['Tamale', 'Yendi', 'Savelugu', 'Bimbilla'],
  'Upper East': ['Bolgatanga', 'Navrongo', 'Bawku', 'Paga'],
  'Upper West': ['Wa', 'Tumu', 'Lawra', 'Jirapa'],
  Volta: ['Ho', 'Hohoe', 'Keta', 'Aflao', 'Kpando'],
  Bono: ['Sunyani', 'Berekum', 'Dormaa Ahenkro', 'Wenchi'],
  'Bono East': ['Techiman', 'Kintampo', 'Atebubu', 'Nkoranza'],
  Ahafo: ['Goaso', 'Bechem', 'Duayaw Nkwanta', 'Kenyasi'],
  Oti: ['Dambai', 'Nkwanta', 'Jasikan', 'Kadjebi'],
  Savannah: ['Damongo', 'Bole', 'Salaga', 'Buipe'],
  'North East': ['Nalerigu', 'Walewale', 'Gambaga', 'Chereponi'],
  'Western North': ['Sefwi Wiawso', 'Bibiani', 'Juaboso', 'Enchi'],
};

/** Roughly where the work is: the two big cities carry most of it. */
export const REGION_WEIGHTS = REGIONS.map(
  (region) => [region, region === 'Greater Accra' ? 22 : region === 'Ashanti' ? 16 : 5] as const,
);
