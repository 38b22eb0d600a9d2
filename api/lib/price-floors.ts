import { type PricedField, priceFloorErrors } from '../../contracts/money.ts';
import { RuleBroken } from './domain-errors.ts';

/**
 * Refuses a rate or price below its floor (contracts/money.ts): the rule broken, said on each
 * field below it. Every service that sets one calls this before it writes.
 */
export function mustMeetPriceFloors(
  prices: Partial<Record<PricedField, number | null | undefined>>,
): void {
  const errors = priceFloorErrors(prices);
  const [first] = Object.values(errors);
  if (first) throw new RuleBroken(first, errors);
}
