import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * The provider's webhook events as recorded: each kept once by its key, then applied by the
 * reconciler (due, applied, tried again later).
 */

export type ProviderEventRow = Selectable<Database['provider_events']>;

/**
 * Records a provider's event by its key, for the reconciler to apply: due at once, not applied.
 * Another delivery of it adds no row; while it is not applied yet, it makes it due again now
 * (the provider saying it again is a reason to ask again).
 */
export async function recordProviderEvent(
  db: Kysely<Database>,
  values: {
    provider: string;
    eventKey: string;
    event: string;
    reference: string;
    payload: string;
    now: string;
  },
): Promise<void> {
  await db
    .insertInto('provider_events')
    .values({
      provider: values.provider,
      event_key: values.eventKey,
      event: values.event,
      reference: values.reference,
      outcome: 'recorded',
      payload: values.payload,
      received_at: values.now,
      next_check_at: values.now,
    })
    .onConflict((oc) =>
      oc
        .column('event_key')
        .doUpdateSet({ next_check_at: values.now, payload: values.payload })
        .where('provider_events.applied_at', 'is', null),
    )
    .execute();
}

/** Recorded events not applied yet whose time to be asked about has come, oldest first. */
export async function dueProviderEvents(
  db: Kysely<Database>,
  now: string,
  limit: number,
): Promise<ProviderEventRow[]> {
  return db
    .selectFrom('provider_events')
    .selectAll()
    .where('applied_at', 'is', null)
    .where('next_check_at', '<=', now)
    .orderBy('next_check_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Marks an event applied, with what the provider said; false when it was applied before. */
export async function markProviderEventApplied(
  db: Kysely<Database>,
  id: number,
  outcome: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('provider_events')
    .set({ applied_at: now, outcome, next_check_at: null })
    .where('id', '=', id)
    .where('applied_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * An event the provider does not back yet: asked about again at `nextCheckAt`, unless it was
 * delivered again since it was read (`readAt`, its next_check_at then), which made it due now.
 */
export async function retryProviderEvent(
  db: Kysely<Database>,
  event: { id: number; readAt: string | null },
  tries: number,
  nextCheckAt: string,
): Promise<void> {
  await db
    .updateTable('provider_events')
    .set({ tries, next_check_at: nextCheckAt })
    .where('id', '=', event.id)
    .where('applied_at', 'is', null)
    .where((eb) =>
      event.readAt === null
        ? eb('next_check_at', 'is', null)
        : eb('next_check_at', '=', event.readAt),
    )
    .execute();
}
