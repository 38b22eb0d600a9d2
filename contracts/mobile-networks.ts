/**
 * Ghana's mobile-money networks, by the names we use everywhere (API, web, database). Payment
 * providers have their own codes for them; each provider's client maps these names to its codes.
 */
export const MOBILE_NETWORKS = ['mtn', 'telecel', 'airteltigo'] as const;

export type MobileNetwork = (typeof MOBILE_NETWORKS)[number];
