import { expect, test } from 'vitest';
import { startBackgroundLoop } from './background-loop.ts';

const HOUR = 3_600_000;

function loopCounting(round: (n: number) => Promise<boolean>) {
  const errors: unknown[] = [];
  let rounds = 0;
  const loop = startBackgroundLoop({
    round: () => round(++rounds),
    pollMs: HOUR,
    onError: (error) => errors.push(error),
  });
  return { loop, errors, rounds: () => rounds };
}

test('kicks during a round coalesce into one more round', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const { loop, rounds } = loopCounting(async (n) => {
    if (n === 1) await held;
    return false;
  });
  loop.kick();
  loop.kick();
  loop.kick();
  loop.kick();
  release();
  await loop.idle();
  expect(rounds()).toBe(2);
  await loop.stop();
});

test('a round that worked a full batch runs again at once', async () => {
  const { loop, rounds } = loopCounting(async (n) => n < 3);
  loop.kick();
  await loop.idle();
  expect(rounds()).toBe(3);
  await loop.stop();
});

test('a failing round is reported and the next kick runs', async () => {
  const { loop, errors, rounds } = loopCounting(async (n) => {
    if (n === 1) throw new Error('provider down');
    return false;
  });
  loop.kick();
  await loop.idle();
  loop.kick();
  await loop.idle();
  expect(errors).toHaveLength(1);
  expect(rounds()).toBe(2);
  await loop.stop();
});

test('after stop nothing runs, and stop waits for the round under way', async () => {
  let finished = false;
  const { loop, rounds } = loopCounting(async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    finished = true;
    return true;
  });
  loop.kick();
  expect(loop.isStopped()).toBe(false);
  await loop.stop();
  expect(finished).toBe(true);
  expect(loop.isStopped()).toBe(true);
  loop.kick();
  await loop.idle();
  expect(rounds()).toBe(1);
});
