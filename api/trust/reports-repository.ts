import { type Kysely, sql } from 'kysely';
import type { CreateReport } from '../../contracts/moderation.schemas.ts';
import type { Report, ReportReason, ReportTarget } from '../../contracts/moderation.ts';
import type { Database } from '../db/database.ts';
import type { Target } from './moderation-repository.ts';

/**
 * Saves a report, or answers undefined when this reporter already reported the target: the
 * unique (reporter, target) constraint decides, so two reports sent at once still count once.
 */
export async function insertReport(
  db: Kysely<Database>,
  {
    reporterId,
    reporterGroup,
    countsToHide,
    report,
    now,
  }: {
    reporterId: number;
    reporterGroup: string;
    /** Whether it counts toward hiding the target (the service's rule). */
    countsToHide: boolean;
    report: CreateReport;
    now: Date;
  },
): Promise<Report | undefined> {
  const row = await db
    .insertInto('reports')
    .values({
      reporter_id: reporterId,
      target_type: report.targetType,
      target_id: report.targetId,
      reason: report.reason,
      details: report.details,
      reporter_group: reporterGroup,
      counts_to_hide: countsToHide ? 1 : 0,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['reporter_id', 'target_type', 'target_id']).doNothing())
    .returning(['id', 'target_type', 'target_id', 'reason', 'created_at'])
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      targetType: row.target_type as ReportTarget,
      targetId: row.target_id,
      reason: row.reason as ReportReason,
      createdAt: row.created_at,
    }
  );
}

/**
 * The places the open reports of the target that count toward hiding it came from: reports from
 * one address group (one home, one phone's network, one person's throwaway accounts) count once.
 */
export async function countOpenReports(db: Kysely<Database>, target: Target): Promise<number> {
  const row = await db
    .selectFrom('reports')
    .select(
      sql<number>`count(distinct coalesce(reporter_group, 'reporter:' || reporter_id))`.as('count'),
    )
    .where('target_type', '=', target.type)
    .where('target_id', '=', target.id)
    .where('reviewed_at', 'is', null)
    .where('counts_to_hide', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Closes the target's open reports: an operator looked at it. The reporters' rows stay, so none
 * of them reports it again; reports made after this count afresh.
 */
export async function closeReports(db: Kysely<Database>, target: Target, now: Date) {
  await db
    .updateTable('reports')
    .set({ reviewed_at: now.toISOString() })
    .where('target_type', '=', target.type)
    .where('target_id', '=', target.id)
    .where('reviewed_at', 'is', null)
    .execute();
}

/** Every open report, oldest first, for the operator's list. */
export async function openReports(db: Kysely<Database>) {
  return db
    .selectFrom('reports')
    .select(['target_type', 'target_id', 'reason', 'details', 'created_at'])
    .where('reviewed_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** Closes the open reports of everything a person owns: their jobs, artist profile and profile. */
export async function closeReportsOfOwner(db: Kysely<Database>, userId: number, now: Date) {
  await db
    .updateTable('reports')
    .set({ reviewed_at: now.toISOString() })
    .where('reviewed_at', 'is', null)
    .where((eb) => {
      const jobs = eb.selectFrom('jobs').select('jobs.id').where('jobs.employer_id', '=', userId);
      const artists = eb
        .selectFrom('artists')
        .select('artists.id')
        .where('artists.user_id', '=', userId);
      return eb.or([
        eb.and([eb('target_type', '=', 'user'), eb('target_id', '=', userId)]),
        eb.and([eb('target_type', '=', 'job'), eb('target_id', 'in', jobs)]),
        eb.and([eb('target_type', '=', 'artist'), eb('target_id', 'in', artists)]),
      ]);
    })
    .execute();
}
