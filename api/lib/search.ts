import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { CURSOR_MESSAGE } from '../../contracts/paging.ts';
import { HttpError } from '../http/errors.ts';

/** Opaque page cursors: the sort key of the last row, as base64url JSON. */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor(
  cursor: string,
  shape: readonly ('string' | 'number')[],
): (string | number)[] | undefined {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(key) || key.length !== shape.length) return undefined;
    return key.every((part, index) => typeof part === shape[index]) ? key : undefined;
  } catch {
    return undefined;
  }
}

/** A page's cursor from the query, or 400 for one we did not make. */
export function readCursor(
  cursor: string | undefined,
  shape: readonly ('string' | 'number')[],
): (string | number)[] | undefined {
  if (cursor === undefined) return undefined;
  const key = decodeCursor(cursor, shape);
  if (!key) throw new HttpError(400, CURSOR_MESSAGE, { cursor: CURSOR_MESSAGE });
  return key;
}

/** The trigram index needs 3 characters; shorter searches fall back to LIKE. */
export const TRIGRAM_MIN = 3;

/** A substring search as an FTS5 phrase: quotes doubled, so user text is never query syntax. */
export const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** `%text%` with LIKE's wildcards escaped (ESCAPE '\'). */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Rows whose id is among the FTS matches of `text`, or, below three characters, whose columns
 * contain it (case-insensitive either way).
 */
export function matchesText<DB, TB extends keyof DB & string>(
  eb: ExpressionBuilder<DB, TB>,
  idColumn: string,
  ftsTable: string,
  columns: readonly string[],
  text: string,
): Expression<SqlBool> {
  if ([...text].length >= TRIGRAM_MIN) {
    return sql<SqlBool>`${sql.ref(idColumn)} IN (SELECT rowid FROM ${sql.table(ftsTable)} WHERE ${sql.table(ftsTable)} MATCH ${ftsPhrase(text)})`;
  }
  const pattern = likePattern(text);
  return eb.or(
    columns.map((column) => sql<SqlBool>`${sql.ref(column)} LIKE ${pattern} ESCAPE '\\'`),
  );
}
