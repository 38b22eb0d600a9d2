import { type Kysely, type Migration, Migrator, type QueryExecutorProvider } from 'kysely';
import type { Database } from './database.ts';
import { engineOf } from './dialect.ts';
import * as initial from './migrations/0001_initial.ts';
import * as signInLimits from './migrations/0002_sign_in_limits.ts';
import * as marketplaceLoop from './migrations/0003_marketplace_loop.ts';
import * as searchAndPaging from './migrations/0004_search_and_paging.ts';
import * as countVersions from './migrations/0005_count_versions.ts';
import * as listVersions from './migrations/0006_list_versions.ts';
import * as notificationCapsAndClaims from './migrations/0007_notification_caps_and_claims.ts';
import * as signInPerAddress from './migrations/0008_sign_in_per_address.ts';
import * as dashboardIndexes from './migrations/0009_dashboard_indexes.ts';
import * as portfolioPictures from './migrations/0010_portfolio_pictures.ts';
import * as userActions from './migrations/0013_user_actions.ts';
import * as payments from './migrations/0014_payments.ts';
import * as chargeCaps from './migrations/0015_charge_caps.ts';
import * as postgresBaseline from './migrations/0015_postgres_baseline.ts';
import * as trustAndSafety from './migrations/0020_trust_and_safety.ts';
import * as notificationLinks from './migrations/0021_notification_links.ts';
import * as reviews from './migrations/0022_reviews.ts';
import * as reportAddressGroups from './migrations/0023_report_address_groups.ts';
import * as oneAcceptedBookingPerDay from './migrations/0024_one_accepted_booking_per_day.ts';
import * as userLanguage from './migrations/0025_user_language.ts';
import * as ussdSessions from './migrations/0026_ussd_sessions.ts';
import * as moneyRules from './migrations/0027_money_rules.ts';
import * as reportWeight from './migrations/0028_report_weight.ts';
import * as priceFloorsAndCountedReviews from './migrations/0029_price_floors_and_counted_reviews.ts';
import * as versionsWithoutAQueue from './migrations/0031_versions_without_a_queue.ts';
import * as engagements from './migrations/0032_engagements.ts';
import * as milestones from './migrations/0033_milestones.ts';
import * as providerEventsApplied from './migrations/0034_provider_events_applied.ts';

/**
 * Listed here rather than read from disk, so migrations work from any working directory.
 *
 * SQLite's history up to the PostgreSQL baseline: on PostgreSQL, `0015_postgres_baseline` makes
 * the same schema at once instead (docs/decisions/023-postgresql-baseline.md).
 */
const sqliteHistory: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_sign_in_limits': signInLimits,
  '0003_marketplace_loop': marketplaceLoop,
  '0004_search_and_paging': searchAndPaging,
  '0005_count_versions': countVersions,
  '0006_list_versions': listVersions,
  '0007_notification_caps_and_claims': notificationCapsAndClaims,
  '0008_sign_in_per_address': signInPerAddress,
  '0009_dashboard_indexes': dashboardIndexes,
  '0010_portfolio_pictures': portfolioPictures,
  '0013_user_actions': userActions,
  '0014_payments': payments,
  '0015_charge_caps': chargeCaps,
};

const postgresStart: Record<string, Migration> = {
  '0015_postgres_baseline': postgresBaseline,
};

/** Every migration after the baseline: written once, in SQL both engines run. */
const bothEngines: Record<string, Migration> = {
  '0020_trust_and_safety': trustAndSafety,
  '0021_notification_links': notificationLinks,
  '0022_reviews': reviews,
  '0023_report_address_groups': reportAddressGroups,
  '0024_one_accepted_booking_per_day': oneAcceptedBookingPerDay,
  '0025_user_language': userLanguage,
  '0026_ussd_sessions': ussdSessions,
  '0027_money_rules': moneyRules,
  '0028_report_weight': reportWeight,
  '0029_price_floors_and_counted_reviews': priceFloorsAndCountedReviews,
  '0031_versions_without_a_queue': versionsWithoutAQueue,
  '0032_engagements': engagements,
  '0033_milestones': milestones,
  '0034_provider_events_applied': providerEventsApplied,
};

/** The migrations a database of this engine runs, in order. */
export function migrationsFor(db: QueryExecutorProvider): Record<string, Migration> {
  const start = engineOf(db) === 'postgres' ? postgresStart : sqliteHistory;
  return { ...start, ...bothEngines };
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(db) } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
