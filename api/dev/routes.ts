import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { PhoneSchema } from '../../contracts/auth.schemas.ts';
import type { Db } from '../db/database.ts';
import { parse } from '../http/validate.ts';

const OutboxQuerySchema = v.object({ to: v.optional(PhoneSchema) });

/** Only registered with the dev transport: lets developers and browser tests read sent codes. */
export async function devRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/api/dev/outbox', async (request) => {
    const { to } = parse(OutboxQuerySchema, request.query);
    let select = db
      .selectFrom('message_outbox')
      .select(['to_phone', 'channel', 'body', 'created_at'])
      .orderBy('id', 'desc')
      .limit(50);
    if (to) select = select.where('to_phone', '=', to);
    const rows = await select.execute();
    return rows.map((row) => ({
      to: row.to_phone,
      channel: row.channel,
      body: row.body,
      createdAt: row.created_at,
    }));
  });
}
