/** The 16 regions of Ghana, in the order the spec lists them. */
export const REGIONS = [
  'Greater Accra',
  'Ashanti',
  'Western',
  'Eastern',
  'Central',
  'Northern',
  'Upper East',
  'Upper West',
  'Volta',
  'Bono',
  'Bono East',
  'Ahafo',
  'Oti',
  'Savannah',
  'North East',
  'Western North',
] as const;

export type Region = (typeof REGIONS)[number];

export const DEFAULT_REGION: Region = 'Greater Accra';
