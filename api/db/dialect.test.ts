import { expect, test } from 'vitest';
import { isUniqueViolation, storageFailureCode } from './dialect.ts';

const failure = (fields: Record<string, unknown>) => Object.assign(new Error('failed'), fields);

test('storage failures of either engine are told apart from failures of the request', () => {
  // SQLite and the disk under it.
  for (const code of ['SQLITE_FULL', 'SQLITE_IOERR_WRITE', 'SQLITE_BUSY', 'ENOSPC', 'EROFS']) {
    expect(storageFailureCode(failure({ code }))).toBe(code);
  }
  // PostgreSQL: disk full, too many connections, shutting down, connection lost, a standby, a
  // deadlock; and the server not there at all.
  for (const code of ['53100', '53300', '57P01', '08006', '25006', '40P01', 'ECONNREFUSED']) {
    expect(storageFailureCode(failure({ code }))).toBe(code);
  }
  expect(storageFailureCode(failure({ code: 'ENOENT', syscall: 'connect' }))).toBe('ENOENT');
  expect(storageFailureCode(new Error('Connection terminated unexpectedly'))).toBe(
    'CONNECTION_LOST',
  );
  // The request's own faults, and ours, are not.
  for (const code of ['23505', '22003', '42P01', 'SQLITE_CONSTRAINT_UNIQUE', 'ENOENT']) {
    expect(storageFailureCode(failure({ code }))).toBeUndefined();
  }
  expect(storageFailureCode(new Error('Cannot read properties of undefined'))).toBeUndefined();
});

test('a unique violation is recognised on both engines', () => {
  expect(isUniqueViolation(failure({ code: '23505' }))).toBe(true);
  expect(isUniqueViolation(failure({ code: 'SQLITE_CONSTRAINT_UNIQUE' }))).toBe(true);
  expect(isUniqueViolation(failure({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' }))).toBe(true);
  expect(isUniqueViolation(failure({ code: '23503' }))).toBe(false);
  expect(isUniqueViolation(failure({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' }))).toBe(false);
});
