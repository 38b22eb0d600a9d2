import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

/** The latest messages the dev transport "sent", newest first, to one phone or to anyone. */
export async function latestOutboxMessages(db: Kysely<Database>, to: string | undefined) {
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
}
