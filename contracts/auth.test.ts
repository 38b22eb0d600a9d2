import { expect, test } from 'vitest';
import { normalizeGhanaPhone } from './auth.ts';

test('a Ghana number written as people write it becomes +233 and 9 digits', () => {
  for (const written of [
    '0241000001',
    '024 100 0001',
    '024-100-0001',
    '(024) 100 0001',
    '+233 24 100 0001',
    '+233241000001',
    '233241000001',
    '241000001',
    // Typed or pasted after the prefilled +233.
    '+2330241000001',
    '+233024 100 0001',
    '+233+233 24 100 0001',
    '  +233 24 100 0001  ',
  ]) {
    expect(normalizeGhanaPhone(written), written).toBe('+233241000001');
  }
});

test('what is not a Ghana number comes back unchanged, for the format check to refuse', () => {
  for (const written of [
    '+233',
    '+23324',
    '024100000',
    '02410000011',
    '+44 7700 900123',
    '024l000001',
    '000000000',
  ]) {
    expect(normalizeGhanaPhone(written), written).toBe(written);
  }
});
