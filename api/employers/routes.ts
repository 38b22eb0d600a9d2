import type { FastifyInstance } from 'fastify';
import { EmployerProfileSchema } from '../../contracts/answers.schemas.ts';
import { IdParamsSchema } from '../../contracts/common.schemas.ts';
import { UpdateEmployerSchema } from '../../contracts/employers.schemas.ts';
import { mustHoldRole } from '../auth/actor.ts';
import { actorOf, signedIn } from '../auth/current-user.ts';
import { answers, type ValibotTypeProvider } from '../http/contracts.ts';
import type { EmployersService } from './employers-service.ts';

export async function employerRoutes(
  instance: FastifyInstance,
  { employers }: { employers: EmployersService },
) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();

  app.get(
    '/api/employers/:id',
    { schema: { params: IdParamsSchema, response: answers({ 200: EmployerProfileSchema }) } },
    async (request) => employers.profile(request.params.id, () => request.actor),
  );

  app.put(
    '/api/employers/me',
    {
      schema: { body: UpdateEmployerSchema, response: answers({ 200: EmployerProfileSchema }) },
      preValidation: signedIn(mustHoldRole),
    },
    async (request) => employers.update(actorOf(request), request.body),
  );
}
