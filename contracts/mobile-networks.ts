/**
 * Ghana's mobile-money networks, by the names we use everywhere (API, web, database). Payment
 * providers have their own codes for them; each provider's client maps these names to its codes.
 */
export const MOBILE_NETWORKS = ['mtn', 'telecel', 'airteltigo'] as const;

export type MobileNetwork = (typeof MOBILE_NETWORKS)[number];

/** How the networks are named to people. Telecel was Vodafone Ghana until 2024. */
export const MOBILE_NETWORK_NAMES: Record<MobileNetwork, string> = {
  mtn: 'MTN',
  telecel: 'Telecel',
  airteltigo: 'AirtelTigo',
};

export const isMobileNetwork = (value: unknown): value is MobileNetwork =>
  typeof value === 'string' && (MOBILE_NETWORKS as readonly string[]).includes(value);

/**
 * A Ghana mobile number: +233 then a mobile prefix (MTN, Telecel, AirtelTigo, and the Glo and
 * Expresso ranges numbers may have been ported from) and seven digits.
 */
export const GHANA_MOBILE = /^\+233(2[0345678]|5[0345679])\d{7}$/;
