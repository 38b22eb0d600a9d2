import { expect, test } from 'vitest';
import { WorkQueue } from './work-queue.ts';

test('runs at most `concurrency` jobs at once, queues `maxWaiting` more in order, refuses the rest', async () => {
  const queue = new WorkQueue(2, 3);
  let running = 0;
  let most = 0;
  const order: number[] = [];
  const releases: (() => void)[] = [];
  const job = (id: number) => async () => {
    running++;
    most = Math.max(most, running);
    order.push(id);
    await new Promise<void>((release) => releases.push(release));
    running--;
    return id;
  };
  const results = Array.from({ length: 7 }, (_, id) => queue.run(job(id)));
  await Promise.resolve();
  expect(await results[5]).toEqual({ busy: true });
  expect(await results[6]).toEqual({ busy: true });
  expect(queue.waiting).toBe(3);
  while (releases.length > 0 || running > 0) {
    releases.shift()?.();
    await new Promise((tick) => setTimeout(tick, 0));
  }
  expect(await Promise.all(results.slice(0, 5))).toEqual(
    [0, 1, 2, 3, 4].map((value) => ({ busy: false, value })),
  );
  expect(most).toBe(2);
  expect(order).toEqual([0, 1, 2, 3, 4]);
  // A failing job frees its place too.
  await expect(queue.run(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
  expect(await queue.run(async () => 'again')).toEqual({ busy: false, value: 'again' });
});
