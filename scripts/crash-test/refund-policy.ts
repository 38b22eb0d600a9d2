/**
 * The cancellation policies as the issue states them, written out again here on purpose: the
 * payments crash test checks the server's splits against this table, not against the code that
 * made them (contracts/engagements.ts).
 *   flexible: 24 h or more before the event 100% back, else 50%
 *   moderate: 7 days or more 100%, 48 h or more 50%, else 0%
 *   strict:   14 days or more 50%, else 0%
 * The service fee comes back in the same proportion, each share rounded half up to a pesewa.
 */
export type Policy = 'flexible' | 'moderate' | 'strict';

const HOUR_MS = 3_600_000;

export function policyPercent(policy: Policy, msBeforeEvent: number): number {
  const hours = msBeforeEvent / HOUR_MS;
  switch (policy) {
    case 'flexible':
      return hours >= 24 ? 100 : 50;
    case 'moderate':
      return hours >= 7 * 24 ? 100 : hours >= 48 ? 50 : 0;
    case 'strict':
      return hours >= 14 * 24 ? 50 : 0;
  }
}

/** `percent` of `pesewas`, half a pesewa and up rounded up. */
const halfUp = (pesewas: number, percent: number) => Math.floor((pesewas * percent + 50) / 100);

/** What a client cancelling a paid booking gets back, and what the artist and we keep. */
export function expectedSplit(amountPesewas: number, feePesewas: number, percent: number) {
  const back = halfUp(amountPesewas, percent);
  const backFee = halfUp(feePesewas, percent);
  return {
    refund: back + backFee,
    artistKeeps: amountPesewas - back,
    feeKept: feePesewas - backFee,
  };
}

/** "moderate 50%": the band a cancellation fell in, for the report. */
export const bandOf = (policy: Policy, percent: number) => `${policy} ${percent}%`;

/** Every band of every policy, so the report shows the ones no cancellation reached. */
export const ALL_BANDS = [
  bandOf('flexible', 100),
  bandOf('flexible', 50),
  bandOf('moderate', 100),
  bandOf('moderate', 50),
  bandOf('moderate', 0),
  bandOf('strict', 50),
  bandOf('strict', 0),
];
