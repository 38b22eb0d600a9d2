import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Each charge rings a handset: the caps on charges a payer starts an hour, and on prompts to
// one wallet number an hour, count recent charges by payer and by number.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('charges_payer_created')
    .on('charges')
    .columns(['payer_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('charges_phone_created')
    .on('charges')
    .columns(['phone', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('charges_phone_created').ifExists().execute();
  await db.schema.dropIndex('charges_payer_created').ifExists().execute();
}
