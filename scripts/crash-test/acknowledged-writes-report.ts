/** What `npm run test:crash` (acknowledged writes under kill -9) found, and how it is printed. */

export interface CrashTestOptions {
  rounds: number;
  writers: number;
  /** The longest a round runs before its kill -9; each kill comes at a random moment in it. */
  roundMs: number;
  /**
   * Acknowledged writes each round waits for before its kill may come (0: none), so that how
   * much a run proves does not depend on how fast a loaded machine serves it.
   */
  minAcknowledgedPerRound?: number;
  users: number;
  /** Acknowledged writes replayed at the end with their own Idempotency-Key. */
  replays: number;
  log?: (line: string) => void;
  keepDatabase?: boolean;
}

export interface CrashTestReport {
  rounds: number;
  databasePath: string;
  /** POSTs sent, retries included. */
  attempted: number;
  /** Distinct writes (one Idempotency-Key each) sent at least once. */
  distinctWrites: number;
  acknowledged: number;
  acknowledgedApplications: number;
  acknowledgedBookings: number;
  /** Acknowledged writes missing from the database after the last kill -9. */
  lost: number;
  /** Writes found more than once (same key, same (job, applicant) pair or two acks with two ids). */
  duplicates: number;
  /** Writes whose request died with the server and had no answer before the last kill. */
  inDoubt: number;
  /** Of those, found committed in the database / not committed (either is allowed). */
  inDoubtCommitted: number;
  inDoubtAbsent: number;
  /** In-doubt writes retried after the last restart with the same key: exactly one row each. */
  inDoubtResolved: number;
  /** Acknowledged only on a retry after a kill (same key): committed once, answered once. */
  retriedAcknowledged: number;
  /** Of those, committed by the send that died (kill -9 after the commit, before the answer). */
  committedBeforeCrash: number;
  replaysChecked: number;
  replayMismatches: number;
  /** Answers other than 2xx to a write (the test's writes are all valid: expected 0). */
  unexpectedStatuses: Record<string, number>;
  networkErrors: number;
  integrityAfterKill: string;
  integrityAfterShutdown: string;
  foreignKeyViolations: number;
  finalExit: { code: number | null; signal: string | null; timedOut: boolean };
  serverErrorLogLines: number;
  sqliteBusyLogLines: number;
  problems: string[];
}

export function formatCrashReport(report: CrashTestReport): string {
  const statuses = Object.entries(report.unexpectedStatuses)
    .map(([status, count]) => `${status} x${count}`)
    .join(', ');
  return [
    'Crash test summary',
    `  rounds (kill -9)          ${report.rounds}`,
    `  writes attempted (POSTs)  ${report.attempted} (${report.distinctWrites} distinct keys, ${report.networkErrors} died with the server)`,
    `  acknowledged (2xx)        ${report.acknowledged} (${report.acknowledgedApplications} applications, ${report.acknowledgedBookings} bookings)`,
    `  acknowledged on a retry   ${report.retriedAcknowledged} (a send died with the server; same Idempotency-Key), ${report.committedBeforeCrash} of them committed before the kill and answered from the stored response`,
    `  lost                      ${report.lost}`,
    `  duplicates                ${report.duplicates}`,
    `  in doubt at the last kill ${report.inDoubt} (committed ${report.inDoubtCommitted}, absent ${report.inDoubtAbsent}; resolved by a retry with the same key: ${report.inDoubtResolved})`,
    `  replays (same key)        ${report.replaysChecked} checked, ${report.replayMismatches} mismatches`,
    `  unexpected statuses       ${statuses || 'none'}`,
    `  integrity_check           after kill -9: ${report.integrityAfterKill}; after SIGTERM: ${report.integrityAfterShutdown}; foreign key violations: ${report.foreignKeyViolations}`,
    `  final SIGTERM             exit code ${report.finalExit.code}${report.finalExit.timedOut ? ' (timed out)' : ''}`,
    `  server log                ${report.serverErrorLogLines} error lines, ${report.sqliteBusyLogLines} SQLITE_BUSY`,
    ...(report.problems.length > 0
      ? ['  problems:', ...report.problems.slice(0, 20).map((problem) => `    - ${problem}`)]
      : []),
  ].join('\n');
}

export function crashTestPassed(report: CrashTestReport): boolean {
  return (
    report.lost === 0 &&
    report.duplicates === 0 &&
    report.replayMismatches === 0 &&
    report.integrityAfterKill === 'ok' &&
    report.integrityAfterShutdown === 'ok' &&
    report.foreignKeyViolations === 0 &&
    report.finalExit.code === 0 &&
    Object.keys(report.unexpectedStatuses).length === 0 &&
    report.problems.length === 0
  );
}
