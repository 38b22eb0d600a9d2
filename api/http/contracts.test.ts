import Fastify, { type FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { expect, test } from 'vitest';
import { moneySchema } from '../../contracts/money.schemas.ts';
import { registerContracts, type ValibotTypeProvider } from './contracts.ts';
import { registerErrorHandling } from './error-handler.ts';

async function appWith(route: (app: ReturnType<typeof typed>) => void) {
  const app = Fastify();
  registerErrorHandling(app);
  await registerContracts(app);
  route(typed(app));
  await app.ready();
  return app;
}
const typed = (app: FastifyInstance) => app.withTypeProvider<ValibotTypeProvider>();

test('a route gets its contract’s output: transforms apply (money arrives as pesewas)', async () => {
  const app = await appWith((app) =>
    app.post(
      '/price',
      { schema: { body: v.object({ amount: moneySchema('Enter an amount') }) } },
      async (request) => ({ pesewas: request.body.amount }),
    ),
  );
  const response = await app.inject({
    method: 'POST',
    url: '/price',
    payload: { amount: '12.50' },
  });
  expect(response.json()).toEqual({ pesewas: 1250 });
  await app.close();
});

test('a refused part is 400 with the first message and one per field, and the handler never runs', async () => {
  let ran = false;
  const app = await appWith((app) =>
    app.post(
      '/price/:id',
      {
        schema: {
          params: v.object({ id: v.pipe(v.string(), v.regex(/^\d+$/, 'Id must be a number')) }),
          body: v.object({ amount: moneySchema('Enter an amount') }),
        },
      },
      async () => {
        ran = true;
        return {};
      },
    ),
  );
  const response = await app.inject({ method: 'POST', url: '/price/x', payload: {} });
  expect(response.statusCode).toBe(400);
  // Params are judged first, as the handlers did before.
  expect(response.json()).toEqual({
    message: 'Id must be a number',
    errors: { id: 'Id must be a number' },
  });
  const noBody = await app.inject({ method: 'POST', url: '/price/1' });
  expect(noBody.statusCode).toBe(400);
  expect(noBody.json().errors).toHaveProperty('amount');
  expect(ran).toBe(false);
  await app.close();
});

test('a contract that is not a valibot schema stops the app from starting', async () => {
  await expect(
    appWith((app) =>
      app.post('/loose', { schema: { body: { type: 'object' } } }, async () => ({})),
    ),
  ).rejects.toThrow('POST /loose: the body contract must be a valibot schema');
});
