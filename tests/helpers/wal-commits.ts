import { readFileSync } from 'node:fs';

const WAL_HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;

/**
 * How many transactions have committed into the database's write-ahead log since it was last
 * restarted: the frames that end a transaction (their header names the database size after the
 * commit), among the frames of the log's current generation (salts equal to the header's). With
 * `synchronous = FULL` each is one fsync. Read from the file, so it counts the same with any
 * driver; tests turn the automatic checkpoint off (`PRAGMA wal_autocheckpoint = 0`) so that the
 * log is not restarted between two counts.
 */
export function walCommits(databasePath: string): number {
  let wal: Buffer;
  try {
    wal = readFileSync(`${databasePath}-wal`);
  } catch {
    return 0;
  }
  if (wal.length < WAL_HEADER_BYTES) return 0;
  const pageSize = wal.readUInt32BE(8);
  const salt1 = wal.readUInt32BE(16);
  const salt2 = wal.readUInt32BE(20);
  let commits = 0;
  for (
    let offset = WAL_HEADER_BYTES;
    offset + FRAME_HEADER_BYTES + pageSize <= wal.length;
    offset += FRAME_HEADER_BYTES + pageSize
  ) {
    if (wal.readUInt32BE(offset + 8) !== salt1 || wal.readUInt32BE(offset + 12) !== salt2) break;
    if (wal.readUInt32BE(offset + 4) !== 0) commits++;
  }
  return commits;
}
