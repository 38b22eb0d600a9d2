import { expect, test } from 'vitest';
import { approvalInstruction } from './payments.ts';

test('the approval instruction writes the amount as the Pay button does', () => {
  expect(approvalInstruction(735_00)).toBe('Approve GHS 735.00 on your phone.');
  expect(approvalInstruction(2625_00)).toBe('Approve GHS 2,625.00 on your phone.');
});
