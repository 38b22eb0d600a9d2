// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { setDataSaver } from '../../lib/data-saver.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { DataSaverSwitch } from '../layout/data-saver-switch.tsx';
import { Picture } from './picture.tsx';

beforeEach(() => {
  localStorage.clear();
  Object.defineProperty(navigator, 'connection', { configurable: true, value: undefined });
});
afterEach(cleanup);

const picture = <Picture src="/uploads/portfolio/a.webp" alt="Kofi Beats portfolio 1" />;

test('with data saver on, a picture waits behind a button of its size until tapped', () => {
  setDataSaver(true);
  const { container } = render(picture);
  expect(container.querySelector('img')).toBeNull();
  const button = screen.getByRole('button', {
    name: 'Tap to load picture: Kofi Beats portfolio 1',
  });
  expect(button.textContent).toBe('Tap to load picture');
  expect(button.className).toContain('picture-placeholder');
  fireEvent.click(button);
  const img = screen.getByRole('img', { name: 'Kofi Beats portfolio 1' });
  expect(img.getAttribute('src')).toBe('/uploads/portfolio/a.webp');
  expect(img.getAttribute('loading')).toBe('eager');
});

test('with data saver off, the picture loads as before; turning it off shows waiting ones', () => {
  setDataSaver(true);
  render(picture);
  expect(screen.queryByRole('img')).toBeNull();
  act(() => setDataSaver(false));
  expect(screen.getByRole('img', { name: 'Kofi Beats portfolio 1' })).toBeTruthy();
});

test('the header switch is on when the phone asks to save data, says so, and flips', () => {
  Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true } });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DataSaverSwitch />
      {picture}
    </QueryClientProvider>,
  );
  const toggle = screen.getByRole('switch', { name: 'Data saver' });
  expect(toggle.getAttribute('aria-checked')).toBe('true');
  expect(toggle.textContent).toBe('Data saver on');
  expect(screen.getByRole('button', { name: /Tap to load picture/ })).toBeTruthy();

  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-checked')).toBe('false');
  expect(toggle.textContent).toBe('Data saver off');
  expect(localStorage.getItem('data-saver')).toBe('off');
  expect(screen.getByRole('img', { name: 'Kofi Beats portfolio 1' })).toBeTruthy();
});
