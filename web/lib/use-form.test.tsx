// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, expect, test } from 'vitest';
import { Field } from '../components/ui/field.tsx';
import { useForm } from './use-form.ts';

afterEach(cleanup);

const NameSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('Name is required')),
  town: v.pipe(v.string(), v.maxLength(5, 'Town is too long')),
});

function NameForm({ onValid }: { onValid: (value: v.InferOutput<typeof NameSchema>) => void }) {
  const { errors, field, submit } = useForm({ name: '', town: '' }, NameSchema);
  return (
    <form onSubmit={submit(onValid)} noValidate>
      <Field label="Name" error={errors.name}>
        <input {...field('name')} />
      </Field>
      <Field label="Town" error={errors.town}>
        <input {...field('town')} />
      </Field>
      <button type="submit">Save</button>
    </form>
  );
}

test('submit shows the schema’s message on its field, and sends nothing', () => {
  const sent: unknown[] = [];
  render(<NameForm onValid={(value) => sent.push(value)} />);
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByText('Name is required')).toBeTruthy();
  expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
  expect(sent).toEqual([]);
});

test('a flagged field’s message goes as it is corrected; a field not yet flagged stays quiet', () => {
  const sent: unknown[] = [];
  render(<NameForm onValid={(value) => sent.push(value)} />);
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  fireEvent.change(screen.getByLabelText('Town'), { target: { value: 'Tamale North' } });
  expect(screen.queryByText('Town is too long')).toBeNull();
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Kofi' } });
  expect(screen.queryByText('Name is required')).toBeNull();
  expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByText('Town is too long')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Town'), { target: { value: 'Ho' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(sent).toEqual([{ name: 'Kofi', town: 'Ho' }]);
});

test('two changes in one handler: the second judges the flagged fields on the first’s value too', () => {
  const PairSchema = v.object({
    name: v.pipe(v.string(), v.nonEmpty('Name is required')),
    town: v.pipe(v.string(), v.nonEmpty('Town is required')),
  });
  function PairForm() {
    const form = useForm({ name: '', town: '' }, PairSchema);
    const fillBoth = () => {
      form.change({ name: 'Kofi' });
      form.change({ town: 'Ho' });
    };
    return (
      <form onSubmit={form.submit(() => undefined)} noValidate>
        <p>{Object.values(form.errors).join(' | ') || 'No messages'}</p>
        <button type="submit">Save</button>
        <button type="button" onClick={fillBoth}>
          Fill both
        </button>
      </form>
    );
  }
  render(<PairForm />);
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByText('Name is required | Town is required')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Fill both' }));
  expect(screen.getByText('No messages')).toBeTruthy();
});
