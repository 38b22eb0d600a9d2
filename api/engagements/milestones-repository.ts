import type { Kysely, Selectable } from 'kysely';
import type { Database, MilestonesTable } from '../db/database.ts';

export type MilestoneRow = Selectable<MilestonesTable>;

/** The milestones of these applications, in their order, by application. */
export async function milestonesOf(
  db: Kysely<Database>,
  applicationIds: readonly number[],
): Promise<Map<number, MilestoneRow[]>> {
  const found = new Map<number, MilestoneRow[]>();
  if (applicationIds.length === 0) return found;
  const rows = await db
    .selectFrom('milestones')
    .selectAll()
    .where('application_id', 'in', applicationIds)
    .orderBy('application_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const list = found.get(row.application_id) ?? [];
    list.push(row);
    found.set(row.application_id, list);
  }
  return found;
}

/** The application a milestone is part of; undefined when there is no such milestone. */
export async function applicationOfMilestone(
  db: Kysely<Database>,
  milestoneId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('milestones')
    .select('application_id')
    .where('id', '=', milestoneId)
    .executeTakeFirst();
  return row?.application_id;
}

/**
 * Whether any money was asked for this application or its milestones: a charge of either, in
 * any state. Until then its stages may be set again (their escrows hold nothing to keep).
 */
export async function anyChargeFor(db: Kysely<Database>, applicationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('charges')
    .innerJoin('payments', 'payments.id', 'charges.payment_id')
    .select('charges.id')
    .where((eb) => {
      const stages = eb
        .selectFrom('milestones')
        .select('id')
        .where('application_id', '=', applicationId);
      return eb.or([
        eb.and([
          eb('payments.engagement_type', '=', 'application'),
          eb('payments.engagement_id', '=', applicationId),
        ]),
        eb.and([
          eb('payments.engagement_type', '=', 'milestone'),
          eb('payments.engagement_id', 'in', stages),
        ]),
      ]);
    })
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Replaces an application's milestones (none paid: anyChargeFor said so) with these, and drops
 * the escrows made for the old ones or the whole price, which never held money.
 */
export async function replaceMilestones(
  db: Kysely<Database>,
  applicationId: number,
  stages: readonly { title: string; amountPesewas: number; dueDate: string | null }[],
  now: string,
): Promise<void> {
  await db
    .deleteFrom('payments')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('engagement_type', '=', 'application'),
          eb('engagement_id', '=', applicationId),
        ]),
        eb.and([
          eb('engagement_type', '=', 'milestone'),
          eb(
            'engagement_id',
            'in',
            eb.selectFrom('milestones').select('id').where('application_id', '=', applicationId),
          ),
        ]),
      ]),
    )
    .where('status', '=', 'unpaid')
    .execute();
  await db.deleteFrom('milestones').where('application_id', '=', applicationId).execute();
  await db
    .insertInto('milestones')
    .values(
      stages.map((stage, index) => ({
        application_id: applicationId,
        position: index + 1,
        title: stage.title,
        amount_pesewas: stage.amountPesewas,
        due_date: stage.dueDate,
        created_at: now,
      })),
    )
    .execute();
}
