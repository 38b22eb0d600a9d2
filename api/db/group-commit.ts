import { performance } from 'node:perf_hooks';
import type SQLite from 'better-sqlite3';

/**
 * Group commit: the write transactions that arrive together share one SQLite transaction and so
 * one fsync. With `synchronous = FULL` each COMMIT waits for the disk, and better-sqlite3 waits
 * on the main thread, so one commit per request caps writes at one fsync each; a group of 40
 * pays one.
 *
 * - A transaction joins the queue; the first to arrive while nothing is queued schedules a group
 *   for the end of this turn of the event loop (setImmediate), so every request the server read
 *   in this turn joins it. On an idle server that is the only wait: a single write commits at once.
 * - The group takes the connection lock, runs BEGIN IMMEDIATE, then lets its members run one at a
 *   time, each inside SAVEPOINT … RELEASE, in the order they arrived. Members never interleave:
 *   savepoints nest in stack order, and a member sees the rows of those before it, so the group
 *   is the same as running them one after another (idempotency keys and unique rules hold).
 * - A member that fails is rolled back to its savepoint; the others are kept.
 * - When no one is waiting, or the group is full (GROUP_CAPS), it commits. Every member, kept or
 *   failed, hears its outcome only then: a value or its own error after COMMIT, the COMMIT's
 *   error if COMMIT fails (then nothing is kept). When SQLite itself rolls the whole transaction
 *   back (a full disk, an I/O error), every member so far gets that error.
 * - Reads outside a transaction go to a second connection (sqlite-dialect.ts), which sees
 *   committed rows only; any other statement outside one takes the lock the group holds. Neither
 *   sees a group's rows before its COMMIT.
 */
export const GROUP_CAPS = {
  /** The most members one group takes; later ones wait for the next group. */
  maxMembers: 64,
  /**
   * A group takes newcomers (those that arrive after its BEGIN) for this long (ms), so that its
   * first members wait little; those already waiting at its BEGIN are all taken, up to maxMembers.
   */
  maxOpenMs: 20,
};

export type GroupCaps = typeof GROUP_CAPS;

/** The write connection, taken in turn (first come, first served) by groups and raw statements. */
export class ConnectionLock {
  #held = false;
  #queue: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((done) => this.#queue.push(done));
  }

  release(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** A transaction's place in its group. */
export interface GroupMember {
  /**
   * Ends the member's turn: its work kept (`kept`) or undone back to its savepoint; `error` is
   * what made it fail, if anything. Resolves once the group has committed; rejects with the
   * group's error when the group's work is lost.
   */
  finish(kept: boolean, error?: unknown): Promise<void>;
}

interface Waiting {
  start: (member: GroupMember) => void;
  fail: (error: unknown) => void;
}

interface Group {
  /** Members started, and of those, kept. */
  size: number;
  /** How many were waiting at BEGIN: their places are kept whatever the time. */
  seats: number;
  kept: number;
  openedAt: number;
  /** Settles when the group commits or is lost: what every member waits for. */
  outcome: Promise<void>;
  committed: () => void;
  lost: (error: unknown) => void;
}

const SAVEPOINT = 'group_commit_member';

export class GroupCommit {
  /** Groups committed, each one COMMIT and so one fsync. */
  commits = 0;
  /** Transactions kept in those groups. */
  membersCommitted = 0;
  #waiting: Waiting[] = [];
  #phase: 'idle' | 'scheduled' | 'open' = 'idle';

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly lock: ConnectionLock,
    private readonly caps: GroupCaps = GROUP_CAPS,
  ) {}

  /** Transactions waiting for a group to start them. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Resolves when it is this transaction's turn, inside its savepoint. */
  join(): Promise<GroupMember> {
    return new Promise((start, fail) => {
      this.#waiting.push({ start, fail });
      if (this.#phase === 'idle') this.#schedule();
    });
  }

  #schedule() {
    this.#phase = 'scheduled';
    setImmediate(() => void this.#open());
  }

  async #open() {
    await this.lock.acquire();
    try {
      this.sqlite.exec('BEGIN IMMEDIATE');
    } catch (error) {
      // The write lock was not had (another process held it past the busy timeout): those who
      // would have been this group fail as a transaction of their own would have.
      for (const waiting of this.#waiting.splice(0, this.caps.maxMembers)) waiting.fail(error);
      this.#close();
      return;
    }
    let resolve: () => void = () => undefined;
    let reject: (error: unknown) => void = () => undefined;
    const outcome = new Promise<void>((committed, lost) => {
      resolve = committed;
      reject = lost;
    });
    // Members attach their own handlers; this one keeps a failure no one awaits from being
    // reported as unhandled.
    outcome.catch(() => undefined);
    this.#phase = 'open';
    this.#next({
      size: 0,
      seats: Math.min(this.#waiting.length, this.caps.maxMembers),
      kept: 0,
      openedAt: performance.now(),
      outcome,
      committed: resolve,
      lost: reject,
    });
  }

  /**
   * Starts the next member, or commits when none waits or the group is full. It never lingers
   * for company with the write lock held: another connection to the file (a second server in
   * this process, as tests run) would wait for the lock on this thread, and the group could not
   * commit meanwhile.
   */
  #next(group: Group) {
    const full =
      group.size >= this.caps.maxMembers ||
      (group.size >= group.seats && performance.now() - group.openedAt >= this.caps.maxOpenMs);
    const waiting = full ? undefined : this.#waiting.shift();
    if (!waiting) {
      this.#commit(group);
      return;
    }
    try {
      this.sqlite.exec(`SAVEPOINT ${SAVEPOINT}`);
    } catch (error) {
      waiting.fail(error);
      this.#abandon(group, error);
      return;
    }
    group.size++;
    waiting.start({ finish: (kept, error) => this.#finish(group, kept, error) });
  }

  #finish(group: Group, kept: boolean, error: unknown): Promise<void> {
    if (!this.sqlite.inTransaction) {
      // SQLite rolled the whole transaction back by itself: the members before lost their work.
      this.#abandon(group, error ?? new Error('The write was undone: its transaction was lost'));
      return group.outcome;
    }
    try {
      if (!kept) this.sqlite.exec(`ROLLBACK TO ${SAVEPOINT}`);
      this.sqlite.exec(`RELEASE ${SAVEPOINT}`);
    } catch (failure) {
      this.#abandon(group, failure);
      return group.outcome;
    }
    if (kept) group.kept++;
    this.#next(group);
    return group.outcome;
  }

  #commit(group: Group) {
    try {
      this.sqlite.exec('COMMIT');
    } catch (error) {
      this.#abandon(group, error);
      return;
    }
    this.commits++;
    this.membersCommitted += group.kept;
    group.committed();
    this.#close();
  }

  /** Nothing of the group is kept: every member hears `error`. */
  #abandon(group: Group, error: unknown) {
    try {
      if (this.sqlite.inTransaction) this.sqlite.exec('ROLLBACK');
    } finally {
      group.lost(error);
      this.#close();
    }
  }

  #close() {
    this.#phase = 'idle';
    this.lock.release();
    if (this.#waiting.length > 0) this.#schedule();
  }
}
