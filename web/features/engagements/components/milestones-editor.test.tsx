// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { ENGAGEMENT_MESSAGES, MILESTONES_MAX } from '../../../../contracts/engagements.ts';
import { anApplication } from '../../../../tests/helpers/web-fixtures.ts';
import { renderWithApp } from '../../../../tests/helpers/web-harness.tsx';
import { checkMilestones, MilestonesButton } from './milestones-editor.tsx';

/** Opens the editor on Kojo's hire and adds rows until there are `count`. */
function openEditor(count: number) {
  const { server } = renderWithApp(<MilestonesButton application={anApplication()} />);
  fireEvent.click(screen.getByRole('button', { name: 'Split into milestones' }));
  const dialog = screen.getByRole('dialog', { name: 'Pay in milestones' });
  for (let row = 1; row < count; row++) {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a milestone' }));
  }
  const save = () =>
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save milestones' }));
  const type = (label: 'Title' | 'Amount (GHS)', row: number, value: string) =>
    fireEvent.change(within(dialog).getAllByLabelText(label)[row] as HTMLElement, {
      target: { value },
    });
  return { dialog, server, save, type };
}

test("a row's message goes as that field is corrected, and the others stay", () => {
  const { dialog, server, save, type } = openEditor(2);
  save();
  // Row 1 holds the whole price; row 2 is empty.
  const titles = within(dialog).getAllByLabelText('Title');
  expect(titles[1]?.getAttribute('aria-invalid')).toBe('true');
  expect(titles[0]?.getAttribute('aria-invalid')).toBeNull();
  expect(within(dialog).getByText(ENGAGEMENT_MESSAGES.milestoneTitle)).toBeTruthy();
  expect(within(dialog).getByText(ENGAGEMENT_MESSAGES.milestoneAmount)).toBeTruthy();

  type('Title', 1, 'Walls and roof');
  expect(within(dialog).queryByText(ENGAGEMENT_MESSAGES.milestoneTitle)).toBeNull();
  expect(titles[1]?.getAttribute('aria-invalid')).toBeNull();
  expect(within(dialog).getByText(ENGAGEMENT_MESSAGES.milestoneAmount)).toBeTruthy();

  type('Amount (GHS)', 1, '1500');
  expect(within(dialog).queryByText(ENGAGEMENT_MESSAGES.milestoneAmount)).toBeNull();
  expect(server.calls).toEqual([]);
});

test('a field not flagged by the last save stays quiet until the next save', () => {
  const { dialog, save, type } = openEditor(1);
  type('Title', 0, '');
  save();
  expect(within(dialog).getByText(ENGAGEMENT_MESSAGES.milestoneTitle)).toBeTruthy();
  type('Amount (GHS)', 0, '1');
  expect(within(dialog).queryByText(ENGAGEMENT_MESSAGES.milestoneAmount)).toBeNull();
  save();
  expect(within(dialog).getByText(ENGAGEMENT_MESSAGES.milestoneAmount)).toBeTruthy();
});

test('a message stays with its row when a row above it is removed, and goes with its row', () => {
  const { dialog, save, type } = openEditor(3);
  type('Title', 1, 'Foundation');
  type('Amount (GHS)', 1, '1000');
  save();
  // Row 3 is the only one wrong: an empty title and amount.
  expect(within(dialog).getAllByLabelText('Title')[2]?.getAttribute('aria-invalid')).toBe('true');

  fireEvent.click(within(dialog).getByRole('button', { name: 'Remove milestone 1' }));
  const titles = within(dialog).getAllByLabelText('Title');
  expect(titles).toHaveLength(2);
  expect(titles[0]?.getAttribute('aria-invalid')).toBeNull();
  expect(titles[1]?.getAttribute('aria-invalid')).toBe('true');

  fireEvent.click(within(dialog).getByRole('button', { name: 'Remove milestone 2' }));
  expect(within(dialog).queryByText(ENGAGEMENT_MESSAGES.milestoneTitle)).toBeNull();
  expect(within(dialog).getByLabelText('Title').getAttribute('aria-invalid')).toBeNull();
});

test('the list as a whole is checked: 1 to MILESTONES_MAX rows', () => {
  const row = (key: number) => ({ key, title: `Part ${key}`, amount: '100', dueDate: '' });
  const many = Array.from({ length: MILESTONES_MAX + 1 }, (_, key) => row(key));
  expect(checkMilestones({ rows: many })).toEqual({
    ok: false,
    errors: { milestones: ENGAGEMENT_MESSAGES.milestonesCount },
  });
  expect(checkMilestones({ rows: [] })).toEqual({
    ok: false,
    errors: { milestones: ENGAGEMENT_MESSAGES.milestonesCount },
  });
  expect(checkMilestones({ rows: [row(3), { ...row(4), amount: '' }] })).toEqual({
    ok: false,
    errors: { '4.amount': ENGAGEMENT_MESSAGES.milestoneAmount },
  });
  expect(checkMilestones({ rows: [row(0)] })).toEqual({
    ok: true,
    value: [{ title: 'Part 0', amount: '100.00', dueDate: null }],
  });
});
