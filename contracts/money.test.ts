import { expect, test } from 'vitest';
import { formatAmount, formatGhs, toPesewas } from './money.ts';

test('toPesewas reads numbers and decimal strings exactly', () => {
  expect(toPesewas('50')).toBe(5000);
  expect(toPesewas('50.5')).toBe(5050);
  expect(toPesewas(' 50.05 ')).toBe(5005);
  expect(toPesewas(0.1 + 0.2)).toBe(30); // float noise below a pesewa is forgiven
  expect(toPesewas(1.234)).toBeUndefined(); // a real third decimal is not
  expect(toPesewas(19.99)).toBe(1999);
  expect(toPesewas(1234.5)).toBe(123450);
});

test('toPesewas refuses negatives, extra decimals, junk and absurd sizes', () => {
  for (const bad of [
    '-1',
    '1.234',
    'abc',
    '',
    '1e5',
    ' ',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    -3,
    null,
    {},
    '99999999999999',
  ]) {
    expect(toPesewas(bad)).toBeUndefined();
  }
});

test('amounts leave as two-decimal strings and show as GHS 1,234.50', () => {
  expect(formatAmount(5000)).toBe('50.00');
  expect(formatAmount(5)).toBe('0.05');
  expect(formatGhs('1234.5')).toBe('GHS 1,234.50');
  expect(formatGhs(0)).toBe('GHS 0.00');
  expect(formatGhs(null)).toBe('GHS 0.00');
});
