import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { OutgoingMessage } from '../otp/transport.ts';

/** A message the dev transport "sent": kept for the dev outbox to show. */
export async function addOutboxMessage(
  db: Kysely<Database>,
  message: OutgoingMessage,
  now: Date,
): Promise<void> {
  await db
    .insertInto('message_outbox')
    .values({
      to_phone: message.to,
      channel: message.channel,
      body: message.body,
      created_at: now.toISOString(),
    })
    .execute();
}

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
