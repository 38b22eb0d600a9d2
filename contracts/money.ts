/**
 * Money travels as two-decimal strings ("50.00") and is stored as integer pesewas,
 * so no amount is ever a binary float. Inputs may be numbers or decimal strings.
 */
const MAX_AMOUNT_PESEWAS = 100_000_000_00; // GHS 100 million: far above any real job or gig

const DECIMAL = /^\d{1,12}(\.\d{1,2})?$/;

/** Parses "50", "50.5", "50.00" or 50.5 into pesewas; undefined when it is not a valid amount. */
export function toPesewas(input: unknown): number | undefined {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return undefined;
    text = input.toFixed(2);
    if (Math.abs(Number(text) - input) > 1e-9) return undefined; // more than 2 decimals
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return undefined;
  }
  if (!DECIMAL.test(text)) return undefined;
  const [whole = '0', fraction = ''] = text.split('.');
  const pesewas = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return pesewas <= MAX_AMOUNT_PESEWAS ? pesewas : undefined;
}

/** 5000 -> "50.00" */
export function formatAmount(pesewas: number): string {
  const sign = pesewas < 0 ? '-' : '';
  const abs = Math.abs(Math.round(pesewas));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const groupFormat = new Intl.NumberFormat('en-GB', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "1234.5" or 1234.5 -> "GHS 1,234.50", for display. */
export function formatGhs(amount: string | number | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  return `GHS ${groupFormat.format(Number.isFinite(value) ? value : 0)}`;
}

/**
 * The least a rate or price may be, in pesewas. A rate of a pesewa let an artist buy ratings for
 * GHS 0.03, so every door that sets one (an artist's rates, a job's hourly rate or fixed price)
 * refuses less (422, with the floor in the message), and a listing still below its floor from
 * before (an artist's rate, a job's price) is not listed until its owner edits it.
 */
export const PRICE_FLOORS = {
  hourlyRate: 5_00,
  eventRate: 20_00,
  fixedPrice: 20_00,
} as const;
export type PricedField = keyof typeof PRICE_FLOORS;

export const PRICE_FLOOR_MESSAGES: Record<PricedField, string> = {
  hourlyRate: `Hourly rate must be at least GHS ${formatAmount(PRICE_FLOORS.hourlyRate)}`,
  eventRate: `Event rate must be at least GHS ${formatAmount(PRICE_FLOORS.eventRate)}`,
  fixedPrice: `Fixed price must be at least GHS ${formatAmount(PRICE_FLOORS.fixedPrice)}`,
};

/**
 * The floor messages of the prices given (in pesewas) that are below their floor, by field; empty
 * when all are high enough. A price not set (null) has no floor to meet.
 */
export function priceFloorErrors(
  prices: Partial<Record<PricedField, number | null | undefined>>,
): Partial<Record<PricedField, string>> {
  const errors: Partial<Record<PricedField, string>> = {};
  for (const field of Object.keys(PRICE_FLOORS) as PricedField[]) {
    const pesewas = prices[field];
    if (pesewas !== null && pesewas !== undefined && pesewas < PRICE_FLOORS[field]) {
      errors[field] = PRICE_FLOOR_MESSAGES[field];
    }
  }
  return errors;
}
